import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CAPTURES } from '../captures';
import { MOT_DE_PASSE } from '../pages/comptes';
import { lireTable } from '../pages/Idb';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { controleurSurTablette } from '../pages/tablette';
import { reserverVisiteComte } from '../pages/visites';

mkdirSync(CAPTURES, { recursive: true });

/** The animateur's bearer on his first right (Comté), for the office's calls. */
async function bureau(request: APIRequestContext): Promise<Record<string, string>> {
  const r = await request.post('/api/auth/login', {
    data: { login: 'animateur@estive.test', password: MOT_DE_PASSE },
  });
  const { accessToken } = (await r.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

test('un manquement créé après le chargement du contrôle apparaît aux étapes 1 et 3, puis disparaît une fois levé', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const coquille = await controleurSurTablette(page);
  const { ids, comteId } = await reserverVisiteComte(page);
  const controle = (await lireTable(page, 'controles')).find((c) => c.id === ids[0]);
  const operateurId = String(controle?.personneMoraleId);
  // A Comté point the device holds, not already an open shortcoming of the operator.
  const ouverts = new Set(
    (await lireTable(page, 'manquements'))
      .filter((m) => m.personneMoraleId === operateurId && m.etat === 'EN_COURS')
      .map((m) => m.pointControleId),
  );
  const lien = (await lireTable(page, 'pointcontroleaop')).find(
    (l) => l.aopIgpId === comteId && !ouverts.has(l.pointControleId),
  );
  const point = (await lireTable(page, 'pointcontrole')).find(
    (p) => p.id === lien?.pointControleId,
  );
  expect(point).toBeTruthy();
  const titre = `${String(point?.code)} — ${String(point?.libelle)}`;

  const saisie = new SaisieControlePage(page);
  await saisie.ouvrir(ids);
  const carte = page.locator('.mantine-Card-root', { hasText: 'Manquements précédents' });
  await expect(carte).toBeVisible();
  await expect(carte.getByText(titre)).toHaveCount(0);

  // The office records a shortcoming of that operator after the control reached the device.
  const entetes = await bureau(request);
  const cree = await request.post('/api/tdb/manquement/manuelle', {
    headers: entetes,
    data: {
      personneMoraleId: operateurId,
      aopIgpId: comteId,
      pointControleId: String(point?.id),
      etat: 'EN_COURS',
      gravite: 'MAJEUR',
      informationsAuditeur: 'Constat du bureau, après le chargement de la tournée',
      correctives: { mesure: 'Mettre à jour le registre', delai: '1 mois' },
    },
  });
  expect(cree.status(), await cree.text()).toBe(201);
  const { id } = (await cree.json()) as { id: string };

  // One sync, the form still open: step 1 shows it at once, with its point and category.
  await coquille.synchroniser();
  await expect(carte.getByText(titre)).toBeVisible();
  await expect(
    carte.getByText('Constat du bureau, après le chargement de la tournée'),
  ).toBeVisible();
  await carte.getByText(titre).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${CAPTURES}/saisie-manquements-precedents-1024x768.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await carte.getByText(titre).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${CAPTURES}/saisie-manquements-precedents-1280x800.png` });

  // Step 3's side list shows it too.
  await saisie.suivant.click();
  await expect(saisie.onglet("Système d'exploitation")).toBeVisible();
  await saisie.suivant.click();
  await expect(page.getByText('Aucun manquement', { exact: true })).toBeVisible();
  const cote = page.locator('.mantine-Card-root', { hasText: 'Manquements précédents' });
  await expect(cote.getByText(titre)).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/saisie-etape3-manquements-precedents-1280x800.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${CAPTURES}/saisie-etape3-manquements-precedents-1024x768.png` });

  // Lifted by the office: the next sync takes it off the list.
  const leve = await request.post(`/api/tdb/manquement/${id}/commentaire`, {
    headers: entetes,
    data: { etat: 'LEVE', commentaire: 'Justificatif reçu' },
  });
  expect(leve.status(), await leve.text()).toBe(200);
  await coquille.synchroniser();
  await expect(cote.getByText(titre)).toHaveCount(0);
});
