import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CAPTURES } from '../captures';
import { ConnexionPage } from '../pages/ConnexionPage';
import { reserverOperateursComte } from '../pages/operateursComte';
import { joursDeControle, ProgrammationPage } from '../pages/ProgrammationPage';
import { SessionApi } from '../pages/Synchro';

/**
 * Issue 27 §6 in chromium: the reason a controller gave for abandoning a control, on the office's
 * round detail and Contrôles tab; step 1 of the wizard not done while the round has no
 * controller. Screenshots at 1280×800 and 1024×768.
 */
mkdirSync(CAPTURES, { recursive: true });

const TAILLES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
];
async function captures(page: Page, nom: string) {
  for (const t of TAILLES) {
    await page.setViewportSize(t);
    await page.screenshot({
      path: `${CAPTURES}/coherence-${nom}-${String(t.width)}.png`,
      fullPage: true,
    });
  }
}

test("le bureau lit la raison de l'abandon donnée par le contrôleur", async ({ page, request }) => {
  test.setTimeout(180_000);
  const { ouvre } = joursDeControle();
  const api = await SessionApi.ouvrir(request, 'animateur@estive.test', /Comté/);
  const claire = await SessionApi.ouvrir(request, 'controleur@estive.test');
  const { content: controleurs } = (await (
    await request.get('/api/personne-physique/controleur?nom=Vuillet', { headers: api.headers })
  ).json()) as { content: { id: string }[] };
  const [annule, garde] = await reserverOperateursComte(api, 2, 'DESC', 200);
  if (!annule || !garde) throw new Error('opérateurs introuvables');
  const cree = await api.post('/api/tournee/creation-rapide', {
    controleurId: controleurs[0]?.id,
    operateurControles: [annule, garde].map((x, i) => ({
      personneMoraleId: x.personneMoraleId,
      date: `${ouvre}T${String(9 + i).padStart(2, '0')}:00`,
      controles: [
        {
          aopId: x.aopId,
          siteIds: [x.site.id],
          niveau: 'SUP_TERRAIN',
          activiteAopIgpIds: [x.activite.id],
          fichierIds: [],
        },
      ],
    })),
  });
  const tourneeId = String(cree.id);
  await api.post(`/api/tournee/${tourneeId}/finalise`, {});

  // The controller's device holds the control, cancels it offline with a reason, then syncs.
  const { documents } = await claire.flux('controle', 10);
  const doc = documents.find(
    (d) => d.tourneeId === tourneeId && d.personneMoraleId === annule.personneMoraleId,
  );
  if (!doc) throw new Error('contrôle absent du flux du contrôleur');
  const raison = 'Exploitant hospitalisé, visite à reprogrammer avant la fin du mois';
  const push = await request.post('/api/synchro/controle', {
    headers: claire.headers,
    multipart: {
      data: JSON.stringify({
        controles: [
          {
            ...doc,
            localId: doc.id,
            baseVersion: doc.version,
            statut: 'ANNULE',
            raisonAbandon: raison,
          },
        ],
      }),
    },
  });
  expect(push.status(), await push.text()).toBe(200);

  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto(`/tournee/detail/${tourneeId}`);
  const carte = page.getByRole('article', {
    name: `Contrôle de ${annule.raisonSociale}`,
    exact: true,
  });
  await expect(carte.getByText(`Raison de l'abandon : ${raison}`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(carte.getByText('Annulé')).toBeVisible();
  const autre = page.getByRole('article', {
    name: `Contrôle de ${garde.raisonSociale}`,
    exact: true,
  });
  await expect(autre.getByText("Raison de l'abandon")).toBeHidden();
  await captures(page, 'detail-tournee');

  const filtre = new URLSearchParams({
    onglet: 'controles',
    statut: 'ANNULE',
    operateur: annule.raisonSociale,
  });
  await page.goto(`/tdb?${filtre.toString()}`);
  const table = page.getByRole('table', { name: 'Contrôles' });
  await expect(table.getByTitle(`Raison de l'abandon : ${raison}`)).toBeVisible({
    timeout: 30_000,
  });
  await table.scrollIntoViewIfNeeded();
  await captures(page, 'tdb-controles');
});

test("l'étape 1 n'est pas faite tant que la tournée n'a pas de contrôleur", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await SessionApi.ouvrir(request, 'animateur@estive.test', /Comté/);
  const { content: controleurs } = (await (
    await request.get('/api/personne-physique/controleur?nom=Vuillet', { headers: api.headers })
  ).json()) as { content: { id: string }[] };
  const { id } = (await api.post('/api/tournee/initialise', {
    controleurId: controleurs[0]?.id,
  })) as { id: string };
  // A round of older data, or whose controller's account was taken away, has none: the server
  // cannot be made to say so from here, the answer is.
  const sans = `**/api/tournee/${id}`;
  await page.route(sans, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const reponse = await route.fetch();
    const corps = (await reponse.json()) as Record<string, unknown>;
    await route.fulfill({
      response: reponse,
      json: { ...corps, controleurId: null, controleur: null, controleurDenomination: null },
    });
  });

  const p = new ProgrammationPage(page);
  await new ConnexionPage(page).connecterCompte('animateur');
  await page.goto(`/tournee/creation/${id}`);
  // Opened on step 1, not on step 2 as a round with a controller is.
  await expect(page.getByRole('radio', { name: /^Choisir / }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(p.panier).toBeHidden();
  await page.getByRole('button', { name: /Préparation des contrôles/ }).click({ force: true });
  await expect(p.panier).toBeHidden();
  await p.suivant.click();
  await expect(page.getByRole('alert').getByText('Ce champ est obligatoire')).toBeVisible();
  await expect(p.panier).toBeHidden();
  await captures(page, 'etape1-sans-controleur');

  // Chosen, the round is given to him and step 2 opens.
  await page.unroute(sans);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Vuillet');
  await page.getByRole('radio', { name: 'Choisir Claire Vuillet' }).click();
  await p.suivant.click();
  await p.attendreToast('Le contrôleur a été modifié');
  await expect(p.panier).toBeVisible();
});
