import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { surChaqueEcranBureau } from '../pages/ecrans';
import { SessionApi } from '../pages/Synchro';

/**
 * Issue 32, the directory as an animateur uses it, at 1280×800 and on a 1024 tablet: a missing
 * operator, or a Comté operator seen under the Auvergne right, says "Opérateur introuvable"
 * instead of spinning; a complete postcode lists every town (39800: Poligny); leaving a
 * half-filled operator form asks first; a too long name says so in French.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h32a';
mkdirSync(SHOTS, { recursive: true });

/**
 * The animateur's header shows its body, not a perimeter list (only CNAOL gets one): the active
 * right is the one the app remembers on the device, as the perimeter list would set it.
 */
async function perimetreAuvergne(page: Page, request: APIRequestContext) {
  const auvergne = await SessionApi.ouvrir(request, 'animateur@estive.test', /Auvergne/);
  await page.evaluate((id) => {
    localStorage.setItem('estive.droitActif', JSON.stringify(id));
  }, auvergne.headers['X-Droit-Actif']);
}

surChaqueEcranBureau(180_000, ({ taille }) => {
  test('une fiche absente ou hors périmètre dit « Opérateur introuvable », sans chargement sans fin', async ({
    page,
    request,
  }) => {
    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto('/recherche/morale/999999');
    await expect(page.getByRole('heading', { name: 'Opérateur introuvable' })).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: `${SHOTS}/introuvable-${taille}.png` });
    await page.getByRole('link', { name: "Retour à l'annuaire" }).click();
    await expect(page).toHaveURL(/\/recherche$/);

    // A Comté operator, opened while the active right is Auvergne's.
    await page.getByRole('row').nth(1).click();
    await expect(page).toHaveURL(/\/recherche\/morale\/\d+$/);
    const fiche = page.url();
    await perimetreAuvergne(page, request);
    await page.goto(fiche);
    await expect(page.getByRole('heading', { name: 'Opérateur introuvable' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText("n'appartient pas au périmètre actif")).toBeVisible();
  });

  test('la création : toutes les communes du code postal, un nom trop long, quitter demande confirmation', async ({
    page,
  }) => {
    await new ConnexionPage(page).connecterCompte('animateur');
    await page.goto('/recherche/morale/creation');
    await page.getByLabel('Code postal').fill('39800');
    await page.getByRole('combobox', { name: 'Ville' }).click();
    await expect(page.getByRole('option', { name: 'Poligny', exact: true })).toBeAttached({
      timeout: 30_000,
    });
    expect(await page.getByRole('option').count()).toBeGreaterThan(20);
    await page.screenshot({ path: `${SHOTS}/creation-communes-${taille}.png` });
    await page.getByRole('option', { name: 'Poligny', exact: true }).click();

    await page.getByLabel('Raison sociale').fill('R'.repeat(201));
    await page.getByLabel('Siret').fill(String(Date.now()).slice(-14).padStart(14, '7'));
    await page.getByRole('button', { name: 'Créer' }).click();
    await expect(page.getByText('200 caractères au plus')).toBeVisible({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Annuaire' }).first().click();
    const dialogue = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
    await expect(dialogue).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/quitter-${taille}.png` });
    await dialogue.getByRole('button', { name: 'Rester sur la page' }).click();
    await expect(page).toHaveURL(/\/recherche\/morale\/creation$/);
    await expect(page.getByLabel('Raison sociale')).toHaveValue('R'.repeat(201));
  });
});
