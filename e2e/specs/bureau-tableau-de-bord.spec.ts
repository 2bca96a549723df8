import { expect, test, type APIRequestContext } from '@playwright/test';
import { ConnexionPage } from '../pages/ConnexionPage';
import { SessionApi } from '../pages/Synchro';
import { COMPTES } from '../pages/comptes';

/**
 * Issue 32, dashboards (items 3, 7): at 1280×800 and on a 1024×768 tablet, a shortcoming with a
 * 2,520-character comment keeps its row short ('voir plus' unfolds it in place), its delay gives
 * it a due date, the list reads newest first by the date it shows, states and badges are not
 * cut, the charts count in whole French numbers, and the page never scrolls sideways. Each run
 * creates its own shortcoming (a unique mark), so no other spec's data is read.
 */
test.describe.configure({ timeout: 180_000 });

/** A manual shortcoming of the demo data's first control's operator and label. */
async function creerManquement(request: APIRequestContext, marque: string) {
  // The test's own API context: the page's would share its sign-in cookie with the browser.
  const api = await SessionApi.ouvrir(request, COMPTES.animateur.login);
  const lire = async <T>(chemin: string): Promise<T> => {
    const r = await api.request.get(chemin, { headers: api.headers });
    expect(r.status(), chemin).toBe(200);
    return (await r.json()) as T;
  };
  const { content } = await lire<{ content: { aopIgpId: string; aopIgp: string }[] }>(
    '/api/tdb/controle?size=1&nature=INTERNE',
  );
  const label = content[0];
  if (!label) throw new Error('aucun contrôle de démonstration');
  const [operateur] = await lire<{ id: string; raisonSociale: string }[]>(
    `/api/controle/depotExterne/operateurs?aopIgpId=${label.aopIgpId}&q=`,
  );
  const [point] = await lire<{ id: string }[]>(
    `/api/controle/depotExterne/points?aopIgpId=${label.aopIgpId}&q=`,
  );
  if (!operateur || !point) throw new Error('ni opérateur ni point pour le label');
  const commentaire = `${marque} ${'Le troupeau pâture une parcelle hors aire. '.repeat(60)}`.slice(
    0,
    2520,
  );
  const reponse = await api.request.post('/api/tdb/manquement/manuelle', {
    headers: api.headers,
    data: {
      personneMoraleId: operateur.id,
      aopIgpId: label.aopIgpId,
      pointControleId: point.id,
      etat: 'EN_COURS',
      gravite: 'MAJEUR',
      commentaire,
      correctives: { mesure: 'Clôturer la parcelle', delai: '15 jours', date: null },
    },
  });
  expect(reponse.status(), await reponse.text()).toBeLessThan(300);
  const { dateSuiviCorrective } = (await reponse.json()) as { dateSuiviCorrective: string | null };
  return { operateur: operateur.raisonSociale, commentaire, dateSuiviCorrective };
}

/** dd/mm/yyyy of today + n days in Paris, as the list shows it. */
function jourAffiche(n: number): string {
  const aujourdhui = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
  const d = new Date(`${aujourdhui}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toLocaleDateString('fr-FR', { timeZone: 'UTC' });
}

for (const [ecran, viewport] of [
  ['1280×800', { width: 1280, height: 800 }],
  ['1024×768', { width: 1024, height: 768 }],
] as const) {
  test.describe(`tableau de bord ${ecran}`, () => {
    test.use({ viewport });

    test(`Manquements : commentaire replié, échéance, tri par date, badges entiers (${ecran})`, async ({
      page,
      request,
    }) => {
      const marque = `Repli-${Date.now()}`;
      const { operateur, dateSuiviCorrective } = await creerManquement(request, marque);
      // '15 jours' and no date: the due date is set (the overdue list and reminders read it).
      expect(dateSuiviCorrective?.split('-').reverse().join('/')).toBe(jourAffiche(15));
      await new ConnexionPage(page).connecterCompte('animateur');
      await page.goto('/tdb?onglet=manquements');
      await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible({
        timeout: 45_000,
      });
      await page.getByRole('textbox', { name: 'Opérateur', exact: true }).fill(operateur);
      const table = page.getByRole('table', { name: 'Manquements' });
      const ligne = table.locator('tbody tr').filter({ hasText: marque });
      await expect(ligne).toHaveCount(1, { timeout: 30_000 });
      // Two lines of comment, not a 4,384 px row; the due date from '15 jours'.
      const hauteur = (await ligne.boundingBox())?.height ?? Infinity;
      expect(hauteur).toBeLessThan(200);
      // Newest first by the date the list shows: the first row is of today.
      await expect(table.locator('tbody tr').first()).toContainText(jourAffiche(0));
      const voirPlus = ligne.getByRole('button', { name: 'voir plus' });
      await voirPlus.click();
      await expect(ligne.getByRole('button', { name: 'voir moins' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      // Unfolding stays on the list (the row's own click opens the shortcoming).
      await expect(page).toHaveURL(/\/tdb\?onglet=manquements/);
      expect((await ligne.boundingBox())?.height ?? 0).toBeGreaterThan(hauteur);
      await ligne.getByRole('button', { name: 'voir moins' }).click();
      // No state or badge cut ('EN R…', 'A…'): each shows its whole text.
      const coupes = await table
        .locator('.mantine-Badge-label')
        .evaluateAll((badges) =>
          badges.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent),
        );
      expect(coupes).toEqual([]);
      // The chart counts in whole numbers.
      const graduations = await page
        .getByLabel('Manquements par catégorie et gravité')
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
        .allTextContents();
      expect(graduations.length).toBeGreaterThan(1);
      for (const g of graduations) expect(g).toMatch(/^\d[\d\s\u202f]*$/);
      const [largeur, fenetre] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(largeur).toBeLessThanOrEqual(fenetre);
      await page.screenshot({ path: `test-results/bureau-tdb-manquements-${viewport.width}.png` });
    });

    test(`Manquements : toutes les colonnes affichées tiennent sans défilement, l'en-tête nomme ses boutons (${ecran})`, async ({
      page,
    }) => {
      await new ConnexionPage(page).connecterCompte('animateur');
      await page.goto('/tdb?onglet=manquements');
      const table = page.getByRole('table', { name: 'Manquements' });
      await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 45_000 });
      // Header actions write their name under the icon: a tablet has no hover for a tooltip.
      const entete = page.getByRole('banner');
      for (const nom of ['Aide', 'Compte', 'Se déconnecter'])
        await expect(entete.getByText(nom, { exact: true })).toBeVisible();
      if (viewport.width >= 992)
        for (const nom of ['Mentions', 'Données'])
          await expect(entete.getByText(nom, { exact: true })).toBeVisible();
      await expect(entete.getByRole('button', { name: 'Documentation utilisateur' })).toBeVisible();

      // Every column ticked (the animateur's choice is restored at the end).
      await page.getByRole('button', { name: 'Colonnes' }).click();
      const choix = page.getByRole('group', { name: 'Colonnes affichées' }).getByRole('checkbox');
      await expect(choix).toHaveCount(16);
      const cochees: string[] = [];
      for (const c of await choix.all()) {
        if (await c.isChecked()) continue;
        // The popover's inputs get new ids each time it opens: a column is found by its title.
        const nom = await c.evaluate(
          (el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
        );
        // Each tick is saved at once; a settings read still arriving may undo a first click.
        await expect(async () => {
          if (!(await c.isChecked())) await c.click();
          await expect(c).toBeChecked({ timeout: 2_000 });
        }).toPass();
        cochees.push(nom);
      }
      await page.keyboard.press('Escape');
      try {
        // Folded where the width asks it, every column's heading is read.
        for (const titre of ['Date', 'AOP-IGP', 'Nature', 'Code', 'Point de contrôle', 'État'])
          await expect(table.getByRole('columnheader', { name: titre }).first()).toBeVisible();
        await expect(table.getByRole('columnheader', { name: /Opérateur/ })).toBeVisible();
        await expect(table.getByRole('columnheader', { name: /Commentaire/ })).toBeVisible();
        await expect(table.getByRole('columnheader', { name: /Modifié le/ })).toBeVisible();
        const boite = page
          .getByRole('region', { name: 'Manquements' })
          .or(page.locator('[aria-label="Manquements"][tabindex="0"]'));
        const [defile, visible] = await boite
          .first()
          .evaluate((b) => [b.scrollWidth, b.clientWidth]);
        if (viewport.width >= 1280) {
          // At 1280 the table fits its box: no scrolling sideways inside it.
          expect(defile).toBeLessThanOrEqual(visible + 1);
        }
        const [largeur, fenetre] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        expect(largeur).toBeLessThanOrEqual(fenetre);
        await page.screenshot({
          path: `test-results/bureau-tdb-manquements-colonnes-${viewport.width}.png`,
        });
      } finally {
        if (cochees.length > 0) {
          await page.getByRole('button', { name: 'Colonnes' }).click();
          for (const nom of cochees) {
            const c = page
              .getByRole('group', { name: 'Colonnes affichées' })
              .getByRole('checkbox', { name: nom, exact: true });
            await expect(async () => {
              if (await c.isChecked()) await c.click();
              await expect(c).not.toBeChecked({ timeout: 2_000 });
            }).toPass();
          }
          await page.keyboard.press('Escape');
        }
      }
    });

    test(`Contrôles, Pression et Conflits s'affichent sans défilement horizontal (${ecran})`, async ({
      page,
    }) => {
      await new ConnexionPage(page).connecterCompte('animateur');
      for (const [onglet, repere] of [
        ['controles', 'Contrôles'],
        ['pression', 'Pression de contrôle'],
        ['conflits', 'Conflits de synchronisation'],
      ] as const) {
        await page.goto(`/tdb?onglet=${onglet}`);
        await expect(page.getByRole('tab', { name: repere, selected: true })).toBeVisible({
          timeout: 45_000,
        });
        await expect(page.getByLabel('Chargement', { exact: true })).toHaveCount(0, {
          timeout: 30_000,
        });
        const [largeur, fenetre] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        expect(largeur, onglet).toBeLessThanOrEqual(fenetre);
      }
      // Pressure chart: whole ticks, French numbers.
      await page.goto('/tdb?onglet=pression');
      const graduations = page
        .getByLabel('Pression réalisée et objectif')
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await expect(graduations.first()).toBeVisible({ timeout: 30_000 });
      for (const g of await graduations.allTextContents()) expect(g).toMatch(/^\d[\d\s\u202f]*$/);
    });
  });
}
