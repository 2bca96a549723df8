import { expect, test } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';

test.use({ viewport: { width: 1280, height: 800 } });

test("l'animateur cherche une ville tapée sans accents, ouvre la fiche et ajoute un site", async ({
  page,
}) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/recherche');
  await expect(page.getByRole('tab', { name: 'Personnes morales' })).toBeVisible();
  await page.getByLabel('Ville').fill('MAICHE');
  const lignes = page.getByRole('table', { name: 'Personnes morales' }).locator('tbody tr');
  await expect(lignes.first()).toContainText('Maîche');
  await page.screenshot({ path: `${CAPTURES}/annuaire-recherche.png` });
  const nom = (await lignes.first().locator('td').first().innerText()).trim();
  await lignes.first().click();
  await expect(page.getByRole('heading', { name: nom })).toBeVisible();
  await page.getByRole('tab', { name: 'Sites' }).click();
  await page.getByLabel('Libellé du site').fill('Cave de test e2e');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('25120');
  await page.getByRole('textbox', { name: 'Ville' }).fill('Maîche');
  await page.getByRole('button', { name: 'Ajouter un site' }).click();
  await expect(page.getByRole('cell', { name: 'Cave de test e2e' })).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/annuaire-fiche-sites.png` });
});
