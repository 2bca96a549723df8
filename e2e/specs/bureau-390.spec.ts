import { expect, test } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { GROUPES_BUREAU, ouvrirRoute, routesBureau } from '../pages/routesBureau';

/**
 * Issue 32 item 7, 'Must show': every office route and tab on a 390×844 phone, as the animateur,
 * with no horizontal page scroll (a wide table scrolls in its own box, never the page).
 */
test.use({ viewport: { width: 390, height: 844 } });
// A dozen pages per test, one after the other, on a loaded machine.
test.describe.configure({ timeout: 400_000 });

for (const [groupe, motif] of Object.entries(GROUPES_BUREAU)) {
  test(`390×844 : aucune page du bureau ne défile horizontalement (${groupe})`, async ({
    page,
    request,
  }) => {
    const routes = (await routesBureau(request)).filter((r) => motif.test(r.nom));
    expect(routes.length).toBeGreaterThan(0);
    await new ConnexionPage(page).connecterCompte('animateur');
    const debordements: string[] = [];
    for (const route of routes) {
      await ouvrirRoute(page, route);
      const [largeur, ecran] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      if (largeur > ecran) debordements.push(`${route.nom} (${route.chemin}) : ${largeur} px`);
    }
    expect(debordements).toEqual([]);
  });
}
