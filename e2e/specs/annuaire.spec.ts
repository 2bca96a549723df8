import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';
import { lireTable } from '../pages/Idb';
import { SessionApi, synchroniser } from '../pages/Synchro';
import { pdfUnePage } from '../pages/pdf';

test.use({ viewport: { width: 1280, height: 800 } });
// Several tests sync a device or upload a file: slower than the default on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** A SIRET nobody has: 14 digits from the clock and the worker (tests run side by side). */
const siretNeuf = () =>
  `9${String(Date.now()).slice(-10)}${String(test.info().workerIndex).padStart(3, '0')}`;

function lignesMorales(page: Page) {
  return page.getByRole('table', { name: 'Personnes morales' }).locator('tbody tr');
}

test("l'animateur cherche une ville tapée sans accents, ouvre la fiche, ajoute un site et un contact", async ({
  page,
}) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  await expect(page.getByRole('tab', { name: 'Personnes morales' })).toBeVisible();
  await page.getByLabel('Ville').fill('MAICHE');
  const lignes = lignesMorales(page);
  await expect(lignes.first()).toContainText('Maîche');
  // Every row is the filtered search's (not the unfiltered page still shown while it loads).
  await expect(lignes.filter({ hasNotText: 'Maîche' })).toHaveCount(0);
  await page.screenshot({ path: `${CAPTURES}/annuaire-recherche.png` });
  const nom = (await lignes.first().locator('td').first().innerText()).trim();
  await lignes.first().click();
  await expect(page.getByRole('heading', { name: nom })).toBeVisible();
  await page.getByRole('tab', { name: 'Sites' }).click();
  await page.getByLabel('Libellé du site').fill('Cave de test e2e');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('25120');
  await page.getByRole('combobox', { name: 'Ville' }).fill('Maîche');
  await page.getByRole('button', { name: 'Ajouter un site' }).click();
  await expect(page.getByRole('cell', { name: 'Cave de test e2e', exact: true })).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/annuaire-fiche-sites.png` });

  await page.getByRole('tab', { name: 'Contacts' }).click();
  // A wrong mail comes back from the server as a French error on its field.
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Vuillemin');
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Odile');
  await page.getByRole('textbox', { name: 'Fonction' }).fill('Fromagère');
  await page.getByRole('textbox', { name: 'Mail' }).fill('odile@');
  await page.getByRole('button', { name: 'Ajouter un contact' }).click();
  await expect(page.getByText('Utilisez un email valide')).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/annuaire-contact-erreur.png` });
  await page.getByRole('textbox', { name: 'Mail' }).fill('odile.vuillemin@example.fr');
  await page.getByRole('button', { name: 'Ajouter un contact' }).click();
  await expect(page.getByRole('cell', { name: 'Odile Vuillemin', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Fromagère' })).toBeVisible();
});

test("l'animateur crée un opérateur (le SIRET existant est signalé d'abord) puis une habilitation avec DI", async ({
  page,
}) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  const existant = (await lignesMorales(page).first().locator('td').nth(1).innerText()).trim();
  await page.getByRole('button', { name: 'Nouvelle personne morale' }).click();
  await expect(page.getByRole('heading', { name: 'Création de personne morale' })).toBeVisible();
  await page.getByLabel('Raison sociale').fill('GAEC des Essais e2e');
  await page.getByLabel('Siret').fill(existant);
  await page.getByLabel('EDE').click();
  const invite = page.getByRole('dialog', { name: 'Opérateur existant' });
  await expect(invite).toContainText(
    'Un opérateur avec ce numéro de siret existe déjà : voulez-vous ouvrir sa fiche ?',
  );
  await page.screenshot({ path: `${CAPTURES}/annuaire-siret-existant.png` });
  await invite.getByRole('button', { name: 'Annuler' }).click();

  const siret = siretNeuf();
  await page.getByLabel('Siret').fill(siret);
  await page.getByLabel('Code postal').fill('2512');
  await page.getByLabel('Téléphone', { exact: true }).fill('03 81');
  await page.getByRole('button', { name: 'Créer' }).click();
  // The server's French messages, on the fields they concern.
  await expect(page.getByText('Utilisez un code postal valide')).toBeVisible();
  await expect(page.getByText('Utilisez un numéro de téléphone valide')).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/annuaire-creation-erreurs.png` });
  await page.getByLabel('Code postal').fill('25120');
  await page.getByRole('combobox', { name: 'Ville' }).fill('Maîche');
  await page.getByLabel('Téléphone', { exact: true }).fill('0381000000');
  await page.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByRole('heading', { name: 'GAEC des Essais e2e' })).toBeVisible();
  await expect(page.getByText(/^Siret : /)).toContainText(siret.slice(0, 3));

  await page.getByRole('tab', { name: 'Habilitations' }).click();
  await page.getByRole('button', { name: 'Ajouter une habilitation' }).click();
  await expect(page.getByRole('heading', { name: "Création d'habilitation" })).toBeVisible();
  await page.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText('Ce champ est obligatoire').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'AOP-IGP' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Activité' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Habilité' }).click();
  await page.getByLabel('Date de DI').fill('2026-03-02');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'DI-essais.pdf',
    mimeType: 'application/pdf',
    buffer: pdfUnePage('DI des essais e2e'),
  });
  await page.screenshot({ path: `${CAPTURES}/annuaire-habilitation-creation.png` });
  await page.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByRole('heading', { name: 'GAEC des Essais e2e' })).toBeVisible();
  await page.getByRole('tab', { name: 'Habilitations' }).click();
  await expect(page.getByRole('cell', { name: 'DI-essais.pdf' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '02/03/2026' })).toBeVisible();
  await expect(page.getByText('Habilité', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/annuaire-fiche-habilitation.png` });
});

test("l'animateur exporte la recherche en XLSX : le fichier a autant de lignes que la recherche", async ({
  page,
}) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  // A town no other test creates operators in: tests run in parallel on one database.
  await page.getByLabel('Ville').fill('morteau');
  await expect(lignesMorales(page).filter({ hasNotText: 'Morteau' })).toHaveCount(0);
  const pagination = await page.getByText(/^\d+–\d+ sur \d+$/).innerText();
  const total = Number(/sur (\d+)$/.exec(pagination)?.[1]);
  expect(total).toBeGreaterThan(0);
  const [telechargement] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter' }).click(),
  ]);
  expect(telechargement.suggestedFilename()).toMatch(/\.xlsx$/);
  const classeur = new ExcelJS.Workbook();
  await classeur.xlsx.load(readFileSync(await telechargement.path()) as unknown as ArrayBuffer);
  const feuille = classeur.worksheets.at(0);
  expect(feuille?.getRow(1).getCell(1).value).toBe('Raison sociale');
  expect((feuille?.actualRowCount ?? 0) - 1).toBe(total);
  const entetes: unknown[] = [];
  feuille?.getRow(1).eachCell((c) => entetes.push(c.value));
  const colonneVille = entetes.indexOf('Ville') + 1;
  expect(colonneVille).toBeGreaterThan(0);
  const villes = new Set<unknown>();
  feuille?.eachRow((row, n) => {
    if (n > 1) villes.add(row.getCell(colonneVille).value);
  });
  expect([...villes]).toEqual(['Morteau']);
});

test("l'animateur trie les personnes morales par ville de Z à A, sur une tablette, page après page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  const table = page.getByRole('table', { name: 'Personnes morales' });
  await expect(lignesMorales(page).first()).toBeVisible();
  const entetes = await table.locator('thead th').allInnerTexts();
  const colonneVille = entetes.findIndex((t) => t.trim() === 'Ville');
  expect(colonneVille).toBeGreaterThan(-1);
  const villes = async () =>
    (
      await lignesMorales(page)
        .locator(`td:nth-child(${colonneVille + 1})`)
        .allInnerTexts()
    ).map((v) => v.trim());
  const ville = table.getByRole('button', { name: /^Ville/ });
  await ville.click();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('sort=ville%2CDESC') && r.ok()),
    ville.click(),
  ]);
  await expect(ville.getByRole('img', { name: 'trié par ordre décroissant' })).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  // The server's collation on the embedded database is bytewise (C): JavaScript's default order.
  const decroissant = (v: string[]) => [...v].sort().reverse();
  const premiere = await villes();
  expect(premiere.length).toBeGreaterThan(1);
  expect(premiere).toEqual(decroissant(premiere));
  await page.screenshot({ path: `${CAPTURES}/annuaire-tri-ville-1024.png` });

  await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('sort=ville%2CDESC') && r.url().includes('page=1'),
    ),
    page.getByRole('button', { name: 'Page suivante' }).click(),
  ]);
  await expect(page.getByText(/^\d+–\d+ sur \d+$/)).not.toHaveText(/^1–/);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const seconde = await villes();
  expect([...premiere, ...seconde]).toEqual(decroissant([...premiere, ...seconde]));
});

test("l'animateur crée une personne physique de test puis l'anonymise", async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  await page.getByRole('tab', { name: 'Personnes physiques' }).click();
  await page.getByRole('button', { name: 'Nouvelle personne physique' }).click();
  // The form's page loads apart: until it shows, 'Nom' is the search tab's filter (a clean-clone
  // run typed the name there).
  await expect(page.getByRole('heading', { name: 'Création de personne physique' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Testanonyme');
  await page.getByLabel('Prénom').fill('Jeanne');
  await page.getByLabel('Mail').fill('jeanne.test@example.fr');
  await page.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByRole('heading', { name: 'Jeanne Testanonyme' })).toBeVisible();
  await page.getByRole('button', { name: 'Anonymiser' }).click();
  await page.screenshot({ path: `${CAPTURES}/annuaire-anonymisation.png` });
  await page.getByRole('button', { name: "Confirmer l'anonymisation" }).click();
  await expect(page.getByText('Anonymisée', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Anonyme Anonyme' })).toBeVisible();
  await expect(page.getByText('jeanne.test@example.fr')).toHaveCount(0);
});

test("après l'ajout d'un site au bureau, l'appareil du contrôleur l'a à sa synchronisation suivante", async ({
  page,
  browser,
  request,
}) => {
  await new ConnexionPage(page).connecterCompte('controleur');
  await synchroniser(page);
  // An operator of the controller's device that the animateur's active right also covers.
  const animateur = await SessionApi.ouvrir(request, 'animateur@estive.test');
  let cible: string | undefined;
  for (const o of (await lireTable(page, 'annuaire')).slice(0, 40)) {
    const r = await request.get(`/api/fiche/morale/${o.id}`, { headers: animateur.headers });
    if (r.ok()) {
      cible = o.id;
      break;
    }
  }
  expect(cible).toBeDefined();
  const libelle = `Site e2e ${Date.now()}`;

  const bureau = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await new ConnexionPage(bureau).connecterCompte('animateur');
  await bureau.goto(`/recherche/morale/${cible ?? ''}`);
  await bureau.getByRole('tab', { name: 'Sites' }).click();
  await bureau.getByLabel('Libellé du site').fill(libelle);
  await bureau.getByRole('button', { name: 'Ajouter un site' }).click();
  await expect(bureau.getByRole('cell', { name: libelle, exact: true })).toBeVisible();
  await bureau.close();

  await synchroniser(page);
  const operateur = (await lireTable(page, 'annuaire')).find((o) => o.id === cible);
  const sites = (operateur?.sites ?? []) as { libelle: string }[];
  expect(sites.map((s) => s.libelle)).toContain(libelle);
});

test("l'animateur crée un groupe et y ajoute un opérateur", async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  await page.getByRole('tab', { name: 'Groupes' }).click();
  const libelle = `Groupe e2e ${Date.now()}`;
  await page.getByLabel('Nouveau groupe').fill(libelle);
  await page.getByRole('button', { name: 'Créer le groupe' }).click();
  await expect(page.getByRole('heading', { name: `Membres du groupe ${libelle}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Ajouter un opérateur' }).fill('fruit');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('table', { name: 'Membres' }).locator('tr')).toHaveCount(1);
  await page.screenshot({ path: `${CAPTURES}/annuaire-groupes.png` });
});

test("un contrôleur voit 'Accès interdit' sur l'annuaire et l'API lui répond 403", async ({
  page,
  request,
}) => {
  await new ConnexionPage(page).connecterCompte('controleur');
  await page.goto('/recherche');
  await expect(page.getByRole('heading', { name: 'Accès interdit' })).toBeVisible();
  const controleur = await SessionApi.ouvrir(request, 'controleur@estive.test');
  for (const chemin of [
    '/api/personne-morale?ville=maiche',
    '/api/personne-morale/export',
    '/api/habilitation',
    '/api/groupe',
  ]) {
    const r = await request.get(chemin, { headers: controleur.headers });
    expect(r.status(), chemin).toBe(403);
  }
  const ecriture = await request.post('/api/personne-morale', {
    headers: controleur.headers,
    data: { raisonSociale: 'Interdit', siret: siretNeuf() },
  });
  expect(ecriture.status()).toBe(403);
});

test("l'animateur filtre les habilitations par statut et les exporte", async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  await page.getByRole('tab', { name: 'Habilitations' }).click();
  const table = page.getByRole('table', { name: 'Habilitations' });
  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Habilité' }).click();
  await page.keyboard.press('Escape');
  await expect(table.locator('tbody tr').first()).toContainText('Habilité');
  await expect(table.locator('tbody tr').filter({ hasNotText: 'Habilité' })).toHaveCount(0);
  await page.screenshot({ path: `${CAPTURES}/annuaire-habilitations.png` });
  const pagination = await page.getByText(/^\d+–\d+ sur \d+$/).innerText();
  const total = Number(/sur (\d+)$/.exec(pagination)?.[1]);
  const [telechargement] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter' }).click(),
  ]);
  const classeur = new ExcelJS.Workbook();
  await classeur.xlsx.load(readFileSync(await telechargement.path()) as unknown as ArrayBuffer);
  const feuille = classeur.worksheets.at(0);
  expect((feuille?.actualRowCount ?? 0) - 1).toBe(total);
  const statuts = new Set<unknown>();
  feuille?.eachRow((row, n) => {
    if (n > 1) statuts.add(row.getCell(5).value);
  });
  expect([...statuts]).toEqual(['Habilité']);
});
