import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';

test('hors ligne, le statut passe à Hors Ligne et un rechargement démarre depuis le service worker', async ({
  page,
  context,
}) => {
  await new ConnexionPage(page).connecterCompte('controleur');
  const coquille = new Coquille(page);
  await coquille.attendreServiceWorker();
  await coquille.attendreStatut('En ligne');

  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');

  await page.reload();
  await expect(page).toHaveURL(/\/tournee$/);
  await coquille.attendreStatut('Hors Ligne');
  expect(await coquille.onglets()).toEqual(['Tournée']);

  // A page that needs the network says so and points to Mes Tournées.
  await page.goto('/recherche');
  await expect(page.getByRole('heading', { name: 'Page non accessible' })).toBeVisible();

  await context.setOffline(false);
  await expect(page).not.toHaveURL(/noConnection/);
});

test('/rgpd et /mentions s’ouvrent hors ligne, même sans session', async ({ page, context }) => {
  await page.goto('/rgpd');
  await new Coquille(page).attendreServiceWorker();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Données personnelles' })).toBeVisible();
  await expect(page.getByText('8 jours', { exact: false }).first()).toBeVisible();
  await page.goto('/mentions');
  await expect(page.getByRole('heading', { name: 'Mentions légales' })).toBeVisible();
});

test('hors ligne sans session, l’application dit qu’elle est inaccessible', async ({
  page,
  context,
}) => {
  await page.goto('/mentions');
  await new Coquille(page).attendreServiceWorker();
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Application inaccessible' })).toBeVisible();
});

test('le mode Hors Ligne manuel se quitte depuis la page non accessible', async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('cnaol');
  const coquille = new Coquille(page);
  await coquille.statut.click();
  await page.getByRole('menuitem', { name: 'Passer en mode Hors Ligne' }).click();
  await coquille.attendreStatut('Hors Ligne');
  await page.goto('/recherche');
  await expect(page.getByRole('heading', { name: 'Page non accessible' })).toBeVisible();
  await page.getByRole('button', { name: 'Quitter mode Hors Ligne' }).click();
  await coquille.attendreStatut('En ligne');
  await expect(page).toHaveURL(/\/recherche$/);
});
