import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';
import { ecrireTable, lireTable } from '../pages/Idb';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import { reserverVisiteComte } from '../pages/visites';

/**
 * Issue 32, item 7, the controller's side on a phone (390×844): step 2's exploitation values
 * are wide enough to read '215900,75' whole, and step 3's shortcomings table keeps the
 * shortcoming's fields inside the screen (the row's code, label and category fold under its
 * label). The page never scrolls sideways.
 */
mkdirSync(CAPTURES, { recursive: true });
test.use({ viewport: { width: 390, height: 844 } });

const LARGEUR = 390;
const debordement = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The box of an element and whether its text overflows it (an input scrolls its text). */
const mesurer = (champ: Locator) =>
  champ.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return {
      gauche: r.left,
      droite: r.right,
      largeur: r.width,
      cache: el.scrollWidth - el.clientWidth,
    };
  });

test('téléphone 390×844 : étape 2 lit « 215900,75 » en entier, étape 3 garde les champs du manquement dans l’écran', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await new ConnexionPage(page).connecterCompte('controleur');
  await new Coquille(page).synchroniser();
  const { ids, comteId } = await reserverVisiteComte(page);
  const saisie = new SaisieControlePage(page);
  await saisie.ouvrir(ids);
  await saisie.suivant.click();

  // Step 2, the exploitation system: a six-figure area with decimals, read whole.
  await expect(saisie.onglet("Système d'exploitation")).toBeVisible();
  await saisie.valeurExploitation('a1', '215900,75');
  const a1 = saisie.valeurCalculee('a1');
  await expect(a1).toHaveValue('215900,75');
  const valeur = await mesurer(a1);
  expect(valeur.cache, 'texte de la valeur masqué').toBeLessThanOrEqual(0);
  expect(valeur.largeur).toBeGreaterThanOrEqual(200);
  expect(valeur.gauche).toBeGreaterThanOrEqual(0);
  expect(valeur.droite).toBeLessThanOrEqual(LARGEUR);
  // Its line's code and unit stay on screen beside it.
  const ligne = page.getByRole('row').filter({ has: a1 });
  await expect(ligne.getByText('a1', { exact: true })).toBeInViewport();
  expect(await debordement(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${CAPTURES}/saisie-telephone-etape2.png`, fullPage: true });

  // A non-conform Comté point (collection at 30 km, ≤ 25 allowed) makes a shortcoming.
  const cle = `CO-02-${comteId}`;
  await saisie.onglet(/^Collecte/).click();
  await page.getByTestId(`valeur-${cle}`).fill('30');
  await expect(page.getByTestId(`verdict-${cle}`)).toContainText('non conforme');
  await saisie.enregistrer.click();
  await expect(page.getByText('Le contrôle a été sauvegardé')).toBeVisible();
  // Step 3 is reached through the device's store (the other points of step 2 are the entry
  // form's own tests): the saved grid, at step 3.
  const enregistre = (await lireTable(page, 'controles')).find((c) => c.id === ids[0]);
  if (!enregistre) throw new Error('contrôle absent de l’appareil');
  await ecrireTable(page, 'controles', [{ ...enregistre, etapeSaisie: 3 }]);
  await page.reload();

  const bloc = page.getByTestId(`manquement-${cle}`);
  const rangee = page.getByRole('row').filter({ hasText: 'CO-02' }).first();
  await expect(rangee).toBeVisible();
  // Code, label and category are read in the label's cell: no column pushes the table wide.
  await expect(rangee.getByText(/CO-02 · Comté · Collecte/)).toBeVisible();
  if (!(await bloc.isVisible())) await rangee.click();
  await expect(bloc).toBeVisible();
  for (const champ of [
    bloc.getByLabel('Informations auditeur'),
    bloc.getByTestId(`${cle}-corrective-mesure`),
    bloc.getByTestId(`${cle}-corrective-delai`),
    bloc.getByTestId(`${cle}-corrective-date`),
  ]) {
    const boite = await mesurer(champ);
    expect(boite.gauche).toBeGreaterThanOrEqual(0);
    expect(boite.droite).toBeLessThanOrEqual(LARGEUR);
  }
  await bloc.getByLabel('Informations auditeur').fill('Collecte à 30 km du site de fabrication');
  await expect(bloc.getByLabel('Informations auditeur')).toHaveValue(
    'Collecte à 30 km du site de fabrication',
  );
  expect(await debordement(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${CAPTURES}/saisie-telephone-etape3.png`, fullPage: true });
});
