import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';

/**
 * A part of the app fetched on demand (a page's chunk) that fails to arrive: on a loaded tablet the
 * service worker can drop one read. The route is intercepted here, so the service worker is kept
 * out of the way (it would answer from its cache before the interception).
 */
test.use({ serviceWorkers: 'block' });

const MENTIONS = '**/assets/MentionsPage-*.js';

test('un morceau de page perdu une fois est redemandé : la page s’ouvre sans erreur', async ({
  page,
}) => {
  await new ConnexionPage(page).connecterCompte('controleur');
  let demandes = 0;
  await page.route(MENTIONS, async (route) => {
    demandes += 1;
    if (demandes === 1) await route.abort('failed');
    else await route.continue();
  });
  await page.getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page.getByRole('heading', { name: 'Mentions légales', level: 1 })).toBeVisible();
  expect(demandes).toBe(2);
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
});

test('un morceau de page introuvable : message en français, un seul rechargement, puis « Recharger »', async ({
  page,
}) => {
  await new ConnexionPage(page).connecterCompte('controleur');
  let demandes = 0;
  await page.route(MENTIONS, async (route) => {
    demandes += 1;
    await route.abort('failed');
  });
  await page.getByRole('link', { name: 'Mentions légales' }).click();
  const alerte = page.getByRole('alert').filter({
    hasText: "Une partie de l'application n'a pas pu être chargée",
  });
  await expect(alerte).toBeVisible();
  await expect(alerte).toContainText("Vos saisies sont enregistrées sur l'appareil");
  // Fetched again before giving up; the page reloaded itself once (the mark of that reload stays,
  // so a chunk still missing leaves the message up instead of reloading in a loop).
  expect(demandes).toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('estive.rechargement-module')))
    .not.toBeNull();
  await expect(alerte).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);

  await page.unroute(MENTIONS);
  await alerte.getByRole('button', { name: 'Recharger' }).click();
  await expect(page.getByRole('heading', { name: 'Mentions légales', level: 1 })).toBeVisible();
});
