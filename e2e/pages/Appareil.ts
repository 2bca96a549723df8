import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ConnexionPage } from './ConnexionPage';
import { Coquille } from './Coquille';
import { lireTable, type Enregistrement } from './Idb';
import { MesTourneesPage } from './MesTourneesPage';
import { SessionApi, synchroniser } from './Synchro';
import { pdfUnePage } from './pdf';

/**
 * A controller's tablet in the fault suites: signed in, service worker active, first sync done;
 * with the server seen through the same account's API session.
 */
export async function demarrerAppareil(
  page: Page,
  request: APIRequestContext,
  login: string,
  premiereSynchro = true,
): Promise<{ api: SessionApi; coquille: Coquille }> {
  const connexion = new ConnexionPage(page);
  await connexion.ouvrir();
  await connexion.connecter(login);
  await expect(page).toHaveURL(/\/tournee$/);
  const coquille = new Coquille(page);
  await coquille.attendreServiceWorker();
  if (premiereSynchro) await synchroniser(page);
  return { api: await SessionApi.ouvrir(request, login), coquille };
}

/** The next day that is not a Sunday, 'yyyy-mm-dd' in Paris. */
function prochainJourOuvre(): string {
  const d = new Date(Date.now() + 86_400_000);
  const jour = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
  if (new Date(`${jour()}T12:00:00Z`).getUTCDay() === 0) d.setTime(d.getTime() + 86_400_000);
  return jour();
}

/**
 * Creates an unannounced inspection through 'Créer un contrôle inopiné' while offline, as in
 * tournees.spec.ts, and returns the new local record (temporary id, clientUuid, toCreate).
 */
export async function creerInopineHorsLigne(page: Page): Promise<Enregistrement> {
  const mt = new MesTourneesPage(page);
  await page.goto('/tournee');
  await mt.creerInopine.click();
  await expect(page.getByRole('heading', { name: 'Tournée inopinée - Création' })).toBeVisible();
  await page.getByRole('row').nth(1).click();
  await page.getByLabel('Date').fill(prochainJourOuvre());
  await page.getByLabel('Heure').fill('09:00');
  await mt.premiereOption('AOP-IGP');
  await mt.premiereOption('Activités', page.getByRole('group', { name: /^Appellation/ }).first());
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Le contrôle inopiné a bien été créé.')).toBeVisible();
  await expect(page).toHaveURL(/\/controle\/saisie\?ids=local-5\d{5}/);
  const id = new URL(page.url()).searchParams.get('ids');
  const nouveau = (await lireTable(page, 'controles')).find((c) => c.id === id);
  expect(nouveau).toMatchObject({ toCreate: true, sync: false });
  await page.goto('/tournee');
  return nouveau!;
}

/** A file of the device (a signature, a report) waiting to be sent with its control. */
export async function ajouterFichier(
  page: Page,
  fichier: {
    nom: string;
    controleId: string;
    aopIgpId: string;
    taille: number;
    /** A signature (PNG bytes, the default) or the audit report (PDF bytes). */
    typeDocument?: 'SIGNATURE' | 'RAPPORT_AUDIT';
  },
): Promise<string> {
  // A report is a whole PDF (the server parses one before storing it), of about `taille` bytes.
  const rapport =
    fichier.typeDocument === 'RAPPORT_AUDIT'
      ? [...pdfUnePage(`${fichier.nom} ${'x'.repeat(Math.max(0, fichier.taille - 700))}`)]
      : null;
  return page.evaluate(
    async ({ nom, controleId, aopIgpId, taille, typeDocument = 'SIGNATURE', rapport }) => {
      const pdf = typeDocument === 'RAPPORT_AUDIT';
      let octets: Uint8Array<ArrayBuffer>;
      if (rapport) {
        octets = Uint8Array.from(rapport);
      } else {
        octets = new Uint8Array(taille);
        for (let i = 0; i < taille; i++) octets[i] = (i * 31) % 251;
        // The type's signature first: the server keeps only PDF, PNG and JPEG, judged by their bytes.
        octets.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      }
      const empreinte = new Uint8Array(await crypto.subtle.digest('SHA-256', octets));
      const sha256 = [...empreinte].map((o) => o.toString(16).padStart(2, '0')).join('');
      const db = await new Promise<IDBDatabase>((ok, ko) => {
        const r = indexedDB.open('estive');
        r.onsuccess = () => ok(r.result);
        r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
      });
      try {
        await new Promise<void>((ok, ko) => {
          const tx = db.transaction('fichiers', 'readwrite');
          tx.objectStore('fichiers').put({
            id: nom,
            controleId,
            aopIgpId,
            typeDocument,
            fileName: nom,
            sha256,
            blob: new Blob([octets], { type: pdf ? 'application/pdf' : 'image/png' }),
            sync: false,
          });
          tx.oncomplete = () => ok();
          tx.onerror = () => ko(tx.error ?? new Error('IndexedDB'));
        });
      } finally {
        db.close();
      }
      return sha256;
    },
    { ...fichier, rapport },
  );
}
