import { expect, test } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';

/**
 * Issue 16 §3, document templates: an unknown field is refused under the text in French, the
 * preview is a real PDF of the draft, a template is saved for the ODG and set back to the
 * built-in one. Only the courrier de notification is saved (and restored): the round documents
 * of other specs keep their built-in letters.
 */
test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 800 } });

test('Modèles de documents: check, PDF preview, save and restore', async ({ page }) => {
  test.setTimeout(120_000);
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto('/parametrage?onglet=modeles');
  const texte = page.getByRole('textbox', { name: 'Texte' });
  await expect(texte).toHaveValue(/\{\{tableau_appellations\}\}/);

  // A field the template does not know: the French error under 'Texte', no preview.
  await texte.fill('Bonjour {{raison_sociale}},\n\n{{tableau_appellations}}');
  await page.getByRole('button', { name: 'Aperçu' }).click();
  await expect(
    page.getByText("Le champ {{raison_sociale}} n'existe pas pour ce modèle"),
  ).toBeVisible();

  // Fixed with the field buttons; the preview is the draft printed as a PDF.
  await texte.fill('Bonjour ');
  await page.getByRole('button', { name: '{{operateur}}' }).click();
  await texte.press('End');
  await texte.pressSequentially(', nous passerons le ');
  await page.getByRole('button', { name: '{{jour}}' }).click();
  await expect(texte).toHaveValue('Bonjour {{operateur}}, nous passerons le {{jour}}');
  const reponse = page.waitForResponse((r) => r.url().endsWith('/api/modele-document/apercu'));
  await page.getByRole('button', { name: 'Aperçu' }).click();
  const pdf = await reponse;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expect(page.getByTitle('Aperçu du modèle Avis de passage')).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/parametrage-modeles-apercu.png` });
  await page.keyboard.press('Escape');

  // The courrier de notification: saved for the ODG, then back to the built-in one.
  await page.getByText('Courrier de notification de manquement').click();
  await expect(page.getByRole('textbox', { name: 'Objet' })).toHaveValue(
    'Relance : manquement {{code_point}} ({{aop}})',
  );
  await page
    .getByRole('textbox', { name: 'Objet' })
    .fill('Notification : {{code_point}} ({{aop}})');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le modèle a bien été enregistré')).toBeVisible();
  await expect(page.getByText('Modèle de l’ODG')).toBeVisible();
  await page.screenshot({ path: `${CAPTURES}/parametrage-modeles.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${CAPTURES}/parametrage-modeles-1024.png` });
  await page.getByRole('button', { name: 'Rétablir le modèle par défaut' }).click();
  // Asked first (issue 32 item 5): the ODG's wording would be lost.
  const question = page.getByRole('dialog', { name: 'Rétablir le modèle par défaut ?' });
  await question.getByRole('button', { name: 'Rétablir', exact: true }).click();
  await expect(page.getByText('Le modèle par défaut est rétabli')).toBeVisible();
  await expect(page.getByText('Modèle par défaut', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Objet' })).toHaveValue(
    'Relance : manquement {{code_point}} ({{aop}})',
  );
});
