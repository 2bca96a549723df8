import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';
import { GROUPES_BUREAU, ouvrirRoute, routesBureau } from '../pages/routesBureau';

/** The serious or critical axe violations of the page (WCAG 2.1 A/AA rules), one line each. */
async function violationsGraves(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const graves = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return graves.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** No serious or critical axe violation (WCAG 2.1 A/AA rules). */
async function verifier(page: Page): Promise<void> {
  expect(await violationsGraves(page)).toEqual([]);
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

/**
 * Issue 32 'Must show': every office route and tab, not only the shell, as the animateur, at
 * 1280×800 and on a 390×844 phone (where wide tables scroll in their own box); the list is the
 * route table's office routes (pages/routesBureau.ts). Each page's violations are collected so
 * that one run names them all.
 */
for (const [ecran, viewport] of [
  ['1280×800', { width: 1280, height: 800 }],
  ['390×844', { width: 390, height: 844 }],
] as const) {
  test.describe(`bureau ${ecran}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 400_000 });
    for (const [groupe, motif] of Object.entries(GROUPES_BUREAU)) {
      test(`${groupe} : toutes ses routes et onglets (${ecran})`, async ({ page, request }) => {
        const routes = (await routesBureau(request)).filter((r) => motif.test(r.nom));
        expect(routes.length).toBeGreaterThan(0);
        await new ConnexionPage(page).connecterCompte('animateur');
        const graves: string[] = [];
        for (const route of routes) {
          await ouvrirRoute(page, route);
          for (const v of await violationsGraves(page)) graves.push(`${route.nom} — ${v}`);
        }
        expect(graves).toEqual([]);
      });
    }
  });
}
