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

    test(`une formule refusée dit sa faute sous le champ, les dates s'écrivent jj/mm/aaaa (${ecran})`, async ({
      page,
    }) => {
      await new ConnexionPage(page).connecterCompte('animateur');
      await page.goto('/parametrage');
      await expect(page.getByRole('heading', { name: 'Paramétrage' })).toBeVisible({
        timeout: 45_000,
      });
      await page.getByRole('tab', { name: 'Grille de contrôle', exact: true }).click();
      await page.getByText("Système d'exploitation", { exact: true }).click();
      const groupe = page.getByRole('region', { name: /^Groupe / }).first();
      await groupe.getByRole('button', { name: 'Ajouter une ligne' }).click();
      const dialogue = page.getByRole('dialog', { name: /Nouvelle ligne/ });
      await dialogue.getByLabel('Code').fill(`aq${Date.now().toString(36)}`);
      await dialogue.getByLabel('Libellé').fill('Ligne refusée');
      const formule = dialogue.getByLabel('Formule');
      // Each fault named, at the field (nothing is saved: every try is refused).
      for (const [texte, message] of [
        ['(a1 + a2', 'Parenthèse fermante manquante après « (a1 + a2 »'],
        ['a1 ** 2', 'Opérateur inconnu « ** » à la position 4 : seuls + - * / sont admis'],
        ['a1 a2', 'Opérateur manquant entre « a1 » et « a2 » à la position 4'],
      ] as const) {
        await formule.fill(texte);
        await dialogue.getByRole('button', { name: 'Enregistrer' }).click();
        await expect(dialogue.getByText(message, { exact: true })).toBeVisible();
        await expect(formule).toHaveAttribute('aria-invalid', 'true');
      }
      await dialogue.getByRole('button', { name: 'Annuler' }).click();
      const quitter = page.getByRole('dialog', { name: /modifications/i });
      if (await quitter.isVisible())
        await quitter.getByRole('button', { name: /Quitter|Oui/ }).click();
      await expect(dialogue).toBeHidden();

      // A campaign's dates: typed and read jj/mm/aaaa, a French calendar behind the button.
      await page.getByRole('tab', { name: 'Campagnes', exact: true }).click();
      await page.getByRole('button', { name: 'Nouvelle campagne' }).click();
      const campagne = page.getByRole('dialog', { name: 'Nouvelle campagne' });
      const debut = campagne.getByLabel('Début');
      await expect(debut).toHaveAttribute('placeholder', 'jj/mm/aaaa');
      await debut.fill('01/09/2031');
      await campagne.getByLabel('Libellé').click();
      await expect(debut).toHaveValue('01/09/2031');
      await campagne.getByRole('button', { name: 'Ouvrir le calendrier' }).first().click();
      await expect(page.getByText('septembre 2031')).toBeVisible();
      // Closed by its own button: Escape would close the dialog too.
      await campagne.getByRole('button', { name: 'Ouvrir le calendrier' }).first().click();
      await expect(page.getByText('septembre 2031')).toBeHidden();
      await campagne.getByLabel('Fin').fill('31/02/2032');
      await campagne.getByLabel('Libellé').click();
      await expect(campagne.getByText('La date doit être au format jj/mm/aaaa')).toBeVisible();
      await page.screenshot({
        path: `test-results/bureau-parametrage-dates-${viewport.width}.png`,
      });
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
