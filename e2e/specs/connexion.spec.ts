import { expect, test, type Page } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { Coquille } from '../pages/Coquille';
import type { Compte } from '../pages/comptes';

/** Spec part 1 §2 'Home redirect' and 'Main layout' tabs, per demo account. */
const ATTENDU: Record<Compte, { accueil: RegExp; onglets: string[] }> = {
  controleur: { accueil: /\/tournee$/, onglets: ['Tournée'] },
  animateur: {
    accueil: /\/recherche$/,
    onglets: ['Tournée', 'Annuaire', 'Tableau de bord', 'Paramétrage'],
  },
  cnaol: {
    accueil: /\/recherche$/,
    onglets: ['Tournée', 'Annuaire', 'Tableau de bord', 'Paramétrage'],
  },
};

for (const [compte, { accueil, onglets }] of Object.entries(ATTENDU) as [
  Compte,
  (typeof ATTENDU)[Compte],
][]) {
  test(`${compte} : connexion, page d'accueil et onglets`, async ({ page }) => {
    await new ConnexionPage(page).connecterCompte(compte);
    await expect(page).toHaveURL(accueil);
    const coquille = new Coquille(page);
    expect(await coquille.onglets()).toEqual(onglets);
    await coquille.attendreStatut('En ligne');
  });
}

test('un mauvais mot de passe est refusé', async ({ page }) => {
  const connexion = new ConnexionPage(page);
  await connexion.ouvrir();
  await connexion.connecter('controleur@estive.test', 'pas-le-bon');
  await expect(connexion.erreur).toHaveText('Identifiant ou mot de passe incorrect');
  await expect(page).toHaveURL(/\/login$/);
});

test('la racine, à la première visite, ouvre l’application sur la connexion', async ({ page }) => {
  const reponse = await page.goto('/');
  expect(reponse?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('sans session, une page protégée mène à la connexion', async ({ page }) => {
  await page.goto('/tournee');
  await expect(page).toHaveURL(/\/login$/);
});

test("la déconnexion demande confirmation et s'annule", async ({ page }) => {
  await new ConnexionPage(page).connecterCompte('controleur');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  const dialogue = page.getByRole('dialog');
  await expect(dialogue).toContainText('Êtes-vous sûr de vouloir vous déconnecter ?');
  await dialogue.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialogue).toBeHidden();
  await expect(page).toHaveURL(/\/tournee$/);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('sessions dans plusieurs onglets', () => {
  // Requests a service worker relays escape the context's routes: none here.
  test.use({ serviceWorkers: 'block' });

  test('deux onglets ouverts ensemble renouvellent la session sans se déconnecter', async ({
    context,
    page,
  }) => {
    await new ConnexionPage(page).connecterCompte('controleur');
    // A new tab has no access token (it lives in the tab): each one exchanges the shared refresh
    // cookie at start. The route holds each exchange until the three tabs have sent theirs (or 2 s
    // have passed): without a lock between tabs they all carry the same cookie, a reuse for the
    // server, which then revokes the whole session.
    // Four tabs signing in and reloading: a loaded 2-core CI machine took over 60 s (all tabs signed in).
    test.setTimeout(150_000);
    const retenues: (() => void)[] = [];
    let abouties = 0;
    await context.route('**/api/auth/refresh', async (route) => {
      await new Promise<void>((lacher) => {
        retenues.push(lacher);
        if (retenues.length === 3) retenues.forEach((l) => l());
        setTimeout(lacher, 2_000);
      });
      await route.continue();
      abouties++;
    });
    const onglets = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
    await Promise.all(onglets.map((o) => o.goto('/tournee')));
    const connecte = async (onglet: Page) => {
      await expect(onglet).toHaveURL(/\/tournee$/);
      await expect(onglet.getByRole('button', { name: 'Se déconnecter' })).toBeVisible({
        timeout: 20_000,
      });
    };
    // Every tab's held refresh has gone through before any reload (none is cut halfway).
    await expect.poll(() => abouties, { timeout: 20_000 }).toBe(3);
    for (const onglet of onglets) await connecte(onglet);
    for (const onglet of [page, ...onglets]) {
      await onglet.reload();
      await connecte(onglet);
    }
  });
});
