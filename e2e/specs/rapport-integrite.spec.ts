import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { creerInopineHorsLigne, demarrerAppareil } from '../pages/Appareil';
import { COMPTES } from '../pages/comptes';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';
import { ecrireTable, lireTable, type Enregistrement } from '../pages/Idb';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { SyntheseAuditPage } from '../pages/SyntheseAuditPage';
import { synchroniser } from '../pages/Synchro';
import { reserver } from '../pages/Reservations';

/** Issue 12's "Must show": what a signature locks, and what the signed report keeps. */

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
});

async function controleProgramme(
  page: Page,
  retenir: (c: Enregistrement) => boolean = () => true,
): Promise<Enregistrement> {
  const [candidat] = reserver(
    (await lireTable(page, 'controles')).filter((c) => c.statut === 'PROGRAMME' && retenir(c)),
  );
  return candidat;
}

/** A Comté control: the grid `ouvrirEtape4` completes passes every check but the one under test. */
const comte = (c: Enregistrement) => (c.aopIgp as { libelle: string }).libelle === 'Comté';

async function demarrer(page: Page): Promise<Coquille> {
  await new ConnexionPage(page).connecterCompte('controleur');
  const coquille = new Coquille(page);
  await coquille.attendreServiceWorker();
  await coquille.synchroniser();
  return coquille;
}

/** Step 2 opens on the exploitation tab; the points sit in the category tabs. */
async function ouvrirPremiereCategorie(page: Page, id: string): Promise<string> {
  const controle = (await lireTable(page, 'controles')).find((c) => c.id === id);
  const grille = controle?.grille as { categories: { libelle: string }[] } | undefined;
  const libelle = grille?.categories[0]?.libelle;
  if (!libelle) throw new Error('grille sans catégorie');
  await page.getByRole('tab', { name: libelle }).click();
  return libelle;
}

const champsEtape2 = (page: Page) => page.locator('[data-testid^="conformite-"] input');

/** Step 2's first category, open: its conformity fields, all read-only, and their count. */
async function champsEnLectureSeule(page: Page, id: string) {
  await ouvrirPremiereCategorie(page, id);
  const champs = champsEtape2(page);
  await expect(page.locator('[data-testid^="conformite-"]').first()).toBeVisible();
  const total = await champs.count();
  expect(total).toBeGreaterThan(0);
  for (let i = 0; i < total; i++) await expect(champs.nth(i)).toBeDisabled();
  return { champs, total };
}

/** Both parties sign, then 'Finaliser'. */
async function signerEtFinaliser(page: Page): Promise<void> {
  const synthese = new SyntheseAuditPage(page);
  await synthese.ouvrirSignatureAuditeur();
  await synthese.signerAuditeur();
  await synthese.ouvrirSignatureAudite();
  await synthese.remplirSignataire(0, 'Jeanne', 'Vuillemin');
  await synthese.validerSignatureAudite();
  await page.getByRole('button', { name: 'Finaliser' }).click();
  await expect(page.getByText('Le contrôle a été finalisé')).toBeVisible({ timeout: 60_000 });
}

/**
 * The stored report of a control, as `pdftotext` reads it, page by page, without what repeats
 * on every page (header, footer, 'Page x/n'): a text running over a page break reads as one.
 */
async function texteDuRapportSansEntetes(page: Page, controleId: string): Promise<string> {
  const octets = await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open('estive');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
    });
    try {
      const tous = await new Promise<{ controleId: string; typeDocument: string; blob: Blob }[]>(
        (ok, ko) => {
          const r = db.transaction('fichiers').objectStore('fichiers').getAll();
          r.onsuccess = () =>
            ok(r.result as { controleId: string; typeDocument: string; blob: Blob }[]);
          r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
        },
      );
      const rapport = tous.find((f) => f.controleId === id && f.typeDocument === 'RAPPORT_AUDIT');
      if (!rapport) return null;
      return [...new Uint8Array(await rapport.blob.arrayBuffer())];
    } finally {
      db.close();
    }
  }, controleId);
  expect(octets, 'le rapport signé est dans les fichiers de l’appareil').not.toBeNull();
  const fichier = path.join(mkdtempSync(path.join(tmpdir(), 'rapport-')), 'rapport.pdf');
  writeFileSync(fichier, Buffer.from(octets!));
  const texte = execFileSync('pdftotext', ['-enc', 'UTF-8', fichier, '-'], { encoding: 'utf8' });
  const pages = texte
    .split('\f')
    .filter((p) => p.trim() !== '')
    .map((p) => p.split('\n').map((l) => l.trim()));
  const communes =
    pages.length > 1
      ? new Set(pages[0]!.filter((l) => l !== '' && pages.every((p) => p.includes(l))))
      : new Set<string>();
  return normaliser(
    pages
      .map((p) => p.filter((l) => !communes.has(l) && !/^Page \d+\/\d+$/.test(l)).join('\n'))
      .join('\n'),
  );
}

const normaliser = (s: string) =>
  s
    .replace(/[\u200b\u00ad]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

test('après la signature, l’étape 2 est en lecture seule jusqu’au retrait des signatures', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await demarrer(page);
  const controle = await controleProgramme(page);
  const saisie = new SaisieControlePage(page);
  await saisie.ouvrirEtape4(controle);

  const synthese = new SyntheseAuditPage(page);
  await synthese.ouvrirSignatureAuditeur();
  await synthese.signerAuditeur();
  await expect(synthese.signatureAuditeur).toBeDisabled();

  await page.getByRole('button', { name: 'Point de contrôle' }).click();
  await expect(
    page.getByText(/Le rapport a été signé : les étapes 1 à 3 sont en lecture seule/),
  ).toBeVisible();
  const { champs, total } = await champsEnLectureSeule(page, controle.id);

  await page.getByRole('button', { name: 'Retirer les signatures' }).click();
  const confirmation = page.getByRole('dialog');
  await expect(confirmation.getByText(/devront signer à nouveau/)).toBeVisible();
  await confirmation.getByRole('button', { name: 'Retirer les signatures' }).click();
  await expect(confirmation).toBeHidden();

  await expect(page.getByText(/Le rapport a été signé/)).toBeHidden();
  for (let i = 0; i < total; i++) await expect(champs.nth(i)).toBeEnabled();
  // Editable for real: a point's conformity changes.
  const dernier = page.locator('[data-testid^="conformite-"]').last();
  await dernier.getByText('SO', { exact: true }).click();
  await expect(dernier.locator('input:checked')).toHaveValue('SO');

  await saisie.suivant.click();
  await saisie.suivant.click();
  await expect(synthese.signatureAuditeur).toBeEnabled({ timeout: 30_000 });
  await saisie.enregistrer.click();
  await expect(page.getByText('Le contrôle a été sauvegardé')).toBeVisible();
  const enregistre = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  const signes = JSON.stringify(enregistre?.synthese ?? {}).match(/"signed":true/g);
  expect(signes, 'aucune signature ne reste dans la synthèse').toBeNull();
});

test('une date invalide ou un délai négatif du plan de progrès bloque la finalisation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await demarrer(page);
  const controle = await controleProgramme(page, comte);
  await new SaisieControlePage(page).ouvrirEtape4(controle);
  // A draft stored at step 4 whose plan went wrong (written before this build checked it).
  const enregistre = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  const grille = structuredClone(enregistre?.grille) as {
    manquements: { key: string; saisie: Record<string, Record<string, unknown>> }[];
  };
  const manquement = grille.manquements[0];
  if (!manquement) throw new Error('grille sans manquement');
  manquement.saisie.correctives = { mesure: 'Mettre en conformité', delai: '-1 mois', date: null };
  manquement.saisie.correctrices = { mesure: 'Former', delai: null, date: '31/02/2026' };
  await ecrireTable(page, 'controles', [{ ...enregistre!, grille }]);
  await page.reload();

  // Nobody can sign a report whose plan is wrong, and 'Finaliser' refuses it.
  await expect(page.getByText('Merci de compléter les éléments manquants')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Signature auditeur' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Signature audité' })).toBeDisabled();
  await page.getByRole('button', { name: 'Finaliser' }).click();
  await expect(page.getByText('Le contrôle ne peut pas être finalisé')).toBeVisible();
  await expect(
    page.getByText('Des dates ou des délais du plan de progrès ne sont pas valides'),
  ).toBeVisible();
  await expect(page.getByText('Le contrôle a été finalisé')).toBeHidden();
  const apres = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  expect(apres?.statut).not.toMatch(/^REALISE/);

  // Each field says what is wrong, and keeps what was typed.
  await page.getByRole('button', { name: 'Plan de progrès' }).click();
  await expect(page.getByText('Le délai ne peut pas être négatif')).toBeVisible();
  await expect(page.getByText('Utilisez une date valide (jj/mm/aaaa)')).toBeVisible();
  await expect(page.getByTestId(`${manquement.key}-corrective-delai`)).toHaveValue('-1 mois');
  await expect(page.getByTestId(`${manquement.key}-correctrice-date`)).toHaveValue('31/02/2026');
});

test('un contrôle finalisé rouvert par son adresse est en lecture seule et reste synchronisé', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const coquille = await demarrer(page);
  const controle = await controleProgramme(page);
  await new SaisieControlePage(page).ouvrirEtape4(controle);
  await signerEtFinaliser(page);
  await coquille.synchroniser();

  const avant = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  expect(avant).toMatchObject({ statut: 'REALISE', sync: true });

  await page.goto(`/controle/saisie?ids=${controle.id}`);
  await expect(page.getByText('Ce contrôle est finalisé : il est en lecture seule.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Finaliser' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Signature auditeur' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Signature audité' })).toBeDisabled();

  await page.getByRole('button', { name: 'Informations générales' }).click();
  await expect(page.locator('fieldset[data-lecture-seule]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Point de contrôle' }).click();
  await champsEnLectureSeule(page, controle.id);
  await page.getByRole('button', { name: 'Plan de progrès' }).click();
  await page.goto('/tournee');
  await expect(page).toHaveURL(/\/tournee$/);

  const apres = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  expect(apres?.sync).toBe(true);
  expect(apres?.etapeSaisie).toBe(avant?.etapeSaisie);
  expect(apres?.statut).toBe('REALISE');
  expect(apres?.version).toBe(avant?.version);
});

test('une observation de 5 000 caractères figure en entier dans le PDF signé, avec chaque catégorie', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await demarrer(page);
  const controle = await controleProgramme(page);
  await new SaisieControlePage(page).ouvrirEtape4(controle);

  let observation = '';
  for (let i = 1; observation.length < 5000; i++)
    observation += `Constat ${i} : clôture de la parcelle abîmée, abreuvoir à nettoyer. `;
  observation = observation.slice(0, 5000).trimEnd();
  while (observation.length < 5000) observation += 'x';
  expect(observation).toHaveLength(5000);

  const enregistre = (await lireTable(page, 'controles')).find((c) => c.id === controle.id);
  const grille = structuredClone(enregistre?.grille) as {
    categories: { libelle: string; points: { aops: { saisie: { observation?: string } }[] }[] }[];
  };
  const entree = grille.categories[0]?.points[0]?.aops[0];
  if (!entree) throw new Error('grille sans point');
  entree.saisie.observation = observation;
  await ecrireTable(page, 'controles', [{ ...enregistre!, grille }]);
  await page.reload();

  await signerEtFinaliser(page);
  const texte = await texteDuRapportSansEntetes(page, controle.id);
  for (const categorie of grille.categories)
    expect(texte, `catégorie ${categorie.libelle}`).toContain(normaliser(categorie.libelle));
  // A table repeats its header row on each page it runs onto: that row is layout, not loss.
  const libelle = normaliser(grille.categories[0]!.libelle);
  const sansEnTetes = texte.replaceAll(
    `${libelle} Code Libellé Conformité Valeur Observation Gravité `,
    '',
  );
  expect(sansEnTetes).toContain(normaliser(observation));
});

test('un contrôle inopiné créé hors ligne : le PDF signé et le serveur portent le même numéro', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);
  const { api, coquille } = await demarrerAppareil(page, request, COMPTES.controleur.login);
  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');
  const nouveau = await creerInopineHorsLigne(page);
  const numero = nouveau.numeroRapport;
  expect(numero, 'numéro pris dans le bloc réservé').toBeTruthy();

  await new SaisieControlePage(page).ouvrirEtape4(nouveau);
  await signerEtFinaliser(page);
  const local = (await lireTable(page, 'controles')).find((c) => c.id === nouveau.id);
  const texte = await texteDuRapportSansEntetes(page, nouveau.id);
  expect(texte).toContain(`SIQ-${String(numero)}`);

  await context.setOffline(false);
  await coquille.attendreStatut('En ligne');
  const bilan = await synchroniser(page);
  expect(bilan.rejets).toEqual([]);

  // The record the server fed back for this visit (matched by its creation uuid), and the report
  // the server stores for it: the very bytes the tablet signed.
  const serveur = (await lireTable(page, 'controles')).find(
    (c) => c.clientUuid === nouveau.clientUuid,
  );
  expect(serveur, 'le contrôle créé hors ligne est revenu du serveur').toBeTruthy();
  expect(serveur?.id).not.toBe(nouveau.id);
  expect(serveur).toMatchObject({ statut: 'REALISE', sync: true });
  expect(String(serveur?.numeroRapport)).toBe(String(numero));
  // Its own report: an unannounced visit also links the operator's previous report as a document.
  const fichiers = (serveur?.fichiers ?? []) as {
    id: string;
    typeDocument?: string;
    fileName?: string;
  }[];
  const pdf = fichiers.find(
    (f) => f.typeDocument === 'RAPPORT_AUDIT' && f.fileName?.includes(`-SIQ-${String(numero)}-`),
  );
  expect(pdf, 'le rapport figure dans les fichiers du contrôle').toBeTruthy();
  const reponse = await request.get(`/api/fichier/${pdf!.id}`, { headers: api.headers });
  expect(reponse.status()).toBe(200);
  const octets = await reponse.body();
  expect(createHash('sha256').update(octets).digest('hex')).toBe(local?.rapportSha256);
});
