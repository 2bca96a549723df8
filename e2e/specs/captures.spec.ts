import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';

/**
 * Screenshots of the shell (the README's, refreshed by `npm run screenshots`), at the two sizes the
 * app is designed for.
 */
const TAILLES = [
  { largeur: 1280, hauteur: 800 },
  { largeur: 768, hauteur: 1024 },
];

const capture = (page: Page, nom: string, largeur: number, hauteur: number) =>
  page.screenshot({
    path: path.join(CAPTURES, `${nom}-${largeur}x${hauteur}.png`),
    animations: 'disabled',
  });

for (const { largeur, hauteur } of TAILLES) {
  test.describe(`${largeur}×${hauteur}`, () => {
    test.use({ viewport: { width: largeur, height: hauteur } });

    test('connexion', async ({ page }) => {
      await new ConnexionPage(page).ouvrir();
      await capture(page, 'connexion', largeur, hauteur);
    });

    test('coquille (animateur, annuaire)', async ({ page }) => {
      await new ConnexionPage(page).connecterCompte('animateur');
      await new Coquille(page).attendreStatut('En ligne');
      await capture(page, 'shell', largeur, hauteur);
    });

    test('coquille (contrôleur, tournée)', async ({ page }) => {
      await new ConnexionPage(page).connecterCompte('controleur');
      await new Coquille(page).attendreStatut('En ligne');
      await capture(page, 'shell-controleur', largeur, hauteur);
    });

    test('accès interdit', async ({ page }) => {
      await new ConnexionPage(page).connecterCompte('controleur');
      await page.goto('/recherche');
      await expect(page.getByRole('heading', { name: 'Accès interdit' })).toBeVisible();
      await capture(page, 'acces-interdit', largeur, hauteur);
    });
  });
}
