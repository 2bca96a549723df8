import { expect, test, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';
import { lireTable, type Enregistrement } from '../pages/Idb';
import { reserver } from '../pages/Reservations';
import { SaisieControlePage } from '../pages/SaisieControlePage';

/**
 * Issue 16, Must-show (first half): CNAOL creates a campaign, adds an exploitation line whose
 * malformed formula is refused with a French message, then a valid one, and a threshold on a
 * point; the controller's device, after a sync, computes the new line and judges the threshold
 * in step 2. Everything is added for Cantal (Auvergne) in a group and a point of its own, so the
 * grids of other specs stay as they were.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

const suffixe = String(Date.now() % 100_000);
const CODE_LIGNE = `a9${suffixe}`;
const CODE_POINT = `E2E-${suffixe}`;
const GROUPE = `Essai paramétrage ${suffixe}`;
const AUVERGNE = "Association des Fromages AOP d'Auvergne";

async function perimetre(page: Page, nom: string) {
  await page.goto('/recherche');
  const choix = page.getByRole('combobox', { name: 'Périmètre' });
  await choix.click();
  await page.getByRole('option', { name: nom }).click();
  await expect(choix).toHaveValue(nom);
}

/** The grid tab's views (a segmented control at the top of the page). */
async function vue(page: Page, nom: string) {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await page.locator('.mantine-SegmentedControl-root').getByText(nom, { exact: true }).click();
}

test('CNAOL : campagne, ligne du système d’exploitation (formule refusée puis valide), seuil d’un point', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await new ConnexionPage(page).connecterCompte('cnaol');
  await perimetre(page, AUVERGNE);
  await page.getByRole('link', { name: 'Paramétrage' }).click();
  await expect(page.getByRole('heading', { name: 'Paramétrage' })).toBeVisible();

  // Campaign (not made current: the other specs' control pressure keeps its campaign).
  await page.getByRole('tab', { name: 'Campagnes' }).click();
  await page.getByRole('button', { name: 'Nouvelle campagne' }).click();
  const dialogue = page.getByRole('dialog', { name: 'Nouvelle campagne' });
  await dialogue.getByLabel('Libellé').fill(`Campagne essai ${suffixe}`);
  await dialogue.getByLabel('Début').fill('2030-01-01');
  await dialogue.getByLabel('Fin').fill('2029-12-31');
  await dialogue.getByLabel('Campagne courante').uncheck();
  await dialogue.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    dialogue.getByText('La date de fin doit être postérieure à la date de début'),
  ).toBeVisible();
  await dialogue.getByLabel('Fin').fill('2030-12-31');
  await dialogue.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('La campagne a été créée')).toBeVisible();
  const ligneCampagne = page.getByRole('row', { name: new RegExp(`Campagne essai ${suffixe}`) });
  await expect(ligneCampagne).toContainText('01/01/2030');
  await page.screenshot({ path: `${CAPTURES}/parametrage-campagnes.png` });

  // A group of its own for Cantal, then a line: malformed, unknown code, then valid.
  await page.getByRole('tab', { name: 'Grille de contrôle' }).click();
  await page.getByRole('button', { name: 'Nouveau groupe' }).click();
  const dGroupe = page.getByRole('dialog', { name: 'Nouveau groupe de saisie' });
  await dGroupe.getByLabel('Libellé').fill(GROUPE);
  // The MultiSelect's pills wrapper lies over its input.
  await dGroupe.getByLabel('AOP-IGP').click({ force: true });
  await page.getByRole('option', { name: 'Cantal' }).click();
  await dGroupe.getByLabel('Libellé').click(); // closes the list, which covers the buttons
  await dGroupe.getByRole('button', { name: 'Enregistrer' }).click();
  const carte = page.getByRole('region', { name: `Groupe ${GROUPE}` });
  await expect(carte).toBeVisible();
  await carte.getByRole('button', { name: 'Ajouter une ligne' }).click();
  const dLigne = page.getByRole('dialog', { name: /Nouvelle ligne/ });
  await dLigne.getByLabel('Code').fill(CODE_LIGNE);
  await dLigne.getByLabel('Libellé').fill('UGB par vache laitière');
  await dLigne.getByLabel('Unité').fill('UGB/VL');
  await dLigne.getByLabel('Décimales').fill('2');
  const formule = dLigne.getByLabel('Formule');
  await formule.fill('a20 / / a26');
  await dLigne.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    dLigne.getByText(/^Opérateur « \/ » inattendu à la position 7 : un code, un nombre/),
  ).toBeVisible();
  await expect(formule).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${CAPTURES}/parametrage-formule-refusee.png` });
  await formule.fill('a20 / a99');
  await dLigne.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    dLigne.getByText("Le code a99 n'est pas présent dans le système d'exploitation"),
  ).toBeVisible();
  await formule.fill('a20 / a26');
  await dLigne.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('La ligne a été ajoutée')).toBeVisible();
  await expect(carte.locator(`tr[data-code="${CODE_LIGNE}"]`)).toContainText('a20 / a26');
  await page.screenshot({ path: `${CAPTURES}/parametrage-systeme.png` });

  // A point of its own (national, CNAOL) with thresholds for Cantal, fed by the new line.
  await vue(page, 'Points de contrôle');
  await page.getByRole('button', { name: 'Nouveau point' }).click();
  const dPoint = page.getByRole('dialog', { name: 'Nouveau point de contrôle' });
  await dPoint.getByLabel('Code').fill(CODE_POINT);
  await dPoint.getByLabel('Libellé').fill('Chargement par vache (≤ 1,5 UGB/VL)');
  await dPoint.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le point de contrôle a été créé')).toBeVisible();
  await page.getByRole('button', { name: `Seuils ${CODE_POINT} Cantal` }).click();
  const dSeuils = page.getByRole('dialog', { name: `${CODE_POINT} — Cantal` });
  for (const [niveau, valeur] of [
    ['Grave', '2,5'],
    ['Majeur', '1,5'],
    ['Mineur', '1,2'],
  ] as const) {
    await dSeuils.getByLabel(`Opérateur ${niveau}`).click();
    await page.getByRole('option', { name: '>', exact: true }).click();
    await dSeuils.getByLabel(`Valeur ${niveau}`).fill(valeur);
  }
  await dSeuils.getByLabel("Ligne du système d'exploitation").click();
  await page.getByRole('option', { name: new RegExp(`^${CODE_LIGNE} — `) }).click();
  await page.screenshot({ path: `${CAPTURES}/parametrage-seuils.png` });
  await dSeuils.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les seuils ont été enregistrés')).toBeVisible();
  await expect(page.locator(`tr[data-code="${CODE_POINT}"]`)).toContainText(
    `> 2,5 / > 1,5 / > 1,2 ← ${CODE_LIGNE}`,
  );

  // The live preview runs the tablet's engine on sample figures.
  await vue(page, 'Aperçu');
  await page.getByRole('combobox', { name: 'AOP-IGP' }).click();
  await page.getByRole('option', { name: 'Cantal' }).click();
  await page.getByLabel('Exemple a20').fill('48');
  await page.getByLabel('Exemple a26').fill('30');
  await expect(page.getByLabel(`Valeur ${CODE_LIGNE}`)).toHaveText('= 1,60 UGB/VL');
  await expect(page.locator(`tr[data-code="${CODE_POINT}"]`)).toContainText(
    /non conforme — Majeur/i,
  );
  await page.screenshot({ path: `${CAPTURES}/parametrage-apercu.png` });

  await page.setViewportSize({ width: 1024, height: 768 });
  await vue(page, "Système d'exploitation");
  await page.screenshot({ path: `${CAPTURES}/parametrage-systeme-1024.png` });
});

test('le contrôleur synchronise : la nouvelle ligne est calculée et le nouveau seuil jugé à l’étape 2', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const connexion = new ConnexionPage(page);
  await connexion.ouvrir();
  await connexion.connecter('controleur.auvergne@estive.test');
  await expect(page).not.toHaveURL(/\/login$/);
  const coquille = new Coquille(page);
  await coquille.synchroniser();
  const aop = (c: Enregistrement) => c.aopIgp as { id: string; libelle: string };
  const controles = await lireTable(page, 'controles');
  const [cantal] = reserver(
    controles.filter((c) => c.statut === 'PROGRAMME' && aop(c).libelle === 'Cantal' && !c.grille),
  );
  const cantalId = aop(cantal).id;

  const saisie = new SaisieControlePage(page);
  await saisie.ouvrir([cantal.id]);
  await saisie.suivant.click();
  await expect(saisie.onglet("Système d'exploitation")).toBeVisible();
  await expect(page.getByText(GROUPE)).toBeVisible();
  await saisie.valeurExploitation('a20', '48');
  await saisie.valeurExploitation('a26', '30');
  await expect(saisie.valeurCalculee(CODE_LIGNE)).toHaveValue('1,60');
  await page.screenshot({ path: `${CAPTURES}/parametrage-appareil-ligne.png` });

  const entree = saisie.entree(CODE_POINT, cantalId);
  const onglet = page.getByRole('tab').filter({ has: page.locator('*') });
  for (const t of await onglet.all()) {
    await t.click();
    if (await entree.isVisible()) break;
  }
  await expect(entree).toContainText('seuil majeur');
  await expect(page.getByTestId(`gravite-${CODE_POINT}-${cantalId}`)).toHaveValue('MAJEUR');
  await page.screenshot({ path: `${CAPTURES}/parametrage-appareil-seuil.png` });
  await context.close();
});
