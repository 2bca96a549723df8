import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';

/** No serious or critical axe violation (WCAG 2.1 A/AA rules). */
async function verifier(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const graves = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    graves.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

test('connexion', async ({ page }) => {
  await new ConnexionPage(page).ouvrir();
  await verifier(page);
});

for (const chemin of ['/mentions', '/rgpd', '/page-inconnue']) {
  test(`page ${chemin}`, async ({ page }) => {
    await page.goto(chemin);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await verifier(page);
  });
}

test('coquille et accès interdit (contrôleur)', async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('controleur');
  await new Coquille(page).attendreStatut('En ligne');
  await verifier(page);
  await page.goto('/recherche');
  await expect(page.getByRole('heading', { name: 'Accès interdit' })).toBeVisible();
  await verifier(page);
});

test('coquille CNAOL avec le sélecteur de périmètre', async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('cnaol');
  await expect(page.getByRole('combobox', { name: 'Périmètre' })).toBeVisible();
  await verifier(page);
});

test('pages hors ligne : non accessible et inaccessible', async ({ page, context }) => {
  await new ConnexionPage(page).connecterCompte('animateur');
  await new Coquille(page).attendreServiceWorker();
  await context.setOffline(true);
  await page.goto('/recherche');
  await expect(page.getByRole('heading', { name: 'Page non accessible' })).toBeVisible();
  await verifier(page);
});

test('application inaccessible (hors ligne, sans session)', async ({ page, context }) => {
  await page.goto('/mentions');
  await new Coquille(page).attendreServiceWorker();
  await context.setOffline(true);
  await page.goto('/notLoggedIn');
  await expect(page.getByRole('heading', { name: 'Application inaccessible' })).toBeVisible();
  await verifier(page);
});
