import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';

/**
 * Screenshots of the shell (the README's, refreshed by `npm run screenshots`), at the two sizes the
 * app is designed for. Each case first asserts what its picture shows, so that a picture of a
 * broken screen fails the run instead of being taken.
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
      const connexion = new ConnexionPage(page);
      await connexion.ouvrir();
      await expect(page.getByRole('heading', { name: 'Connexion', level: 1 })).toBeVisible();
      await expect(page.getByText('Accès réservé aux utilisateurs enregistrés.')).toBeVisible();
      await expect(connexion.identifiant).toBeVisible();
      await expect(connexion.motDePasse).toBeVisible();
      await expect(connexion.seConnecter).toBeEnabled();
      await expect(connexion.erreur).toHaveCount(0);
      await new Coquille(page).attendreStatut('En ligne');
      await capture(page, 'connexion', largeur, hauteur);
    });

    test('coquille (animateur, annuaire)', async ({ page }) => {
      await new ConnexionPage(page).connecterCompte('animateur');
      await expect(page).toHaveURL(/\/recherche$/);
      const coquille = new Coquille(page);
      expect(await coquille.onglets()).toEqual([
        'Tournée',
        'Annuaire',
        'Tableau de bord',
        'Paramétrage',
      ]);
      await coquille.attendreStatut('En ligne');
      await capture(page, 'shell', largeur, hauteur);
    });

    test('coquille (contrôleur, tournée)', async ({ page }) => {
      await new ConnexionPage(page).connecterCompte('controleur');
      await expect(page).toHaveURL(/\/tournee$/);
      const coquille = new Coquille(page);
      expect(await coquille.onglets()).toEqual(['Tournée']);
      await coquille.attendreStatut('En ligne');
      await capture(page, 'shell-controleur', largeur, hauteur);
    });

    test('accès interdit', async ({ page }) => {
      await new ConnexionPage(page).connecterCompte('controleur');
      await page.goto('/recherche');
      await expect(page.getByRole('heading', { name: 'Accès interdit' })).toBeVisible();
      await expect(page.getByText("Vous n'avez pas accès à cette page.")).toBeVisible();
      await capture(page, 'acces-interdit', largeur, hauteur);
    });
  });
}
