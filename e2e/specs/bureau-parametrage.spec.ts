import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';

/**
 * Issue 32, settings (items 5, 7): every tab of /parametrage at 1280×800 and on a 1024×768 tablet
 * without sideways page scroll; the grid's four views reachable; restoring a default template
 * asks first, and 'Annuler' leaves the ODG's wording in place.
 */
// One after the other: both sizes change the same template of the same animateur.
test.describe.configure({ mode: 'default', timeout: 180_000 });

const ONGLETS = [
  'Campagnes',
  'Grille de contrôle',
  'Documents',
  'Modèles de documents',
  'Comptes',
  'Tâches',
] as const;

for (const [ecran, viewport] of [
  ['1280×800', { width: 1280, height: 800 }],
  ['1024×768', { width: 1024, height: 768 }],
] as const) {
  test.describe(`paramétrage ${ecran}`, () => {
    test.use({ viewport });

    test(`chaque onglet tient dans l'écran (${ecran})`, async ({ page }) => {
      await new ConnexionPage(page).connecterCompte('animateur');
      await page.goto('/parametrage');
      await expect(page.getByRole('heading', { name: 'Paramétrage' })).toBeVisible({
        timeout: 45_000,
      });
      for (const onglet of ONGLETS) {
        await page.getByRole('tab', { name: onglet, exact: true }).click();
        await expect(
          page.getByRole('tab', { name: onglet, exact: true, selected: true }),
        ).toBeVisible();
        await expect(page.getByLabel('Chargement', { exact: true })).toHaveCount(0, {
          timeout: 30_000,
        });
        const [largeur, fenetre] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        expect(largeur, onglet).toBeLessThanOrEqual(fenetre);
      }
      await page.getByRole('tab', { name: 'Grille de contrôle', exact: true }).click();
      for (const vue of ["Système d'exploitation", 'Points de contrôle', 'Aperçu']) {
        await page.getByText(vue, { exact: true }).click();
        await expect(page.getByRole('radio', { name: vue })).toBeChecked();
      }
    });

    test(`rétablir un modèle par défaut demande confirmation (${ecran})`, async ({ page }) => {
      await new ConnexionPage(page).connecterCompte('animateur');
      await page.goto('/parametrage?onglet=modeles');
      const objet = page.getByRole('textbox', { name: 'Objet' });
      await expect(objet).toBeVisible({ timeout: 45_000 });
      // The planning's template: parametrage-modeles.spec.ts changes the other two.
      await page
        .getByRole('radiogroup', { name: 'Modèle' })
        .getByText('Planning de contrôle')
        .click();
      await expect(page.getByRole('radio', { name: 'Planning de contrôle' })).toBeChecked();
      // The ODG's own wording, unique to this run.
      const propre = `Planning de la semaine ${Date.now()}`;
      await objet.fill(propre);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Le modèle a bien été enregistré')).toBeVisible();
      await page.getByRole('button', { name: 'Rétablir le modèle par défaut' }).click();
      const question = page.getByRole('dialog', { name: 'Rétablir le modèle par défaut ?' });
      await expect(question).toContainText('ne peut pas être annulée');
      await question.getByRole('button', { name: 'Annuler' }).click();
      await expect(question).toBeHidden();
      await expect(objet).toHaveValue(propre);
      await page.getByRole('button', { name: 'Rétablir le modèle par défaut' }).click();
      await question.getByRole('button', { name: 'Rétablir', exact: true }).click();
      await expect(page.getByText('Le modèle par défaut est rétabli')).toBeVisible();
      await expect(objet).not.toHaveValue(propre);
    });
  });
}
