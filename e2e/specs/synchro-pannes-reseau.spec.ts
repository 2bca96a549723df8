import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { creerInopineHorsLigne, demarrerAppareil } from '../pages/Appareil';
import { lireTable, type Enregistrement } from '../pages/Idb';
import { SaisieControlePage } from '../pages/SaisieControlePage';
import {
  controlesProgrammes,
  saisirSurAppareil,
  SessionApi,
  synchroniser,
  synchroniserSousHorloge,
  verifierAccord,
  type Checkpoint,
  type LotServeur,
  type ReponsePush,
} from '../pages/Synchro';
import { reserverGroupe } from '../pages/Reservations';

/**
 * Device-side faults of the pull and of the device itself (docs/architecture.md §5), in chromium
 * against the real server: a paged feed cut between batches, a device clock an hour off, an offline
 * entry kept across a reload. One account (controleur.auvergne, used by no other spec), one case
 * after the other, so that the final comparison with the server is exact.
 */
const LOGIN = 'controleur.auvergne@estive.test';
const HEURE = 3_600_000;
// In order, in one worker (a failure does not skip the next case); each signs in and syncs.
test.describe.configure({ mode: 'default', timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

/** Serves the request and keeps the server's answer in `reponses`. */
async function servirEtGarder(route: Route, reponses: unknown[]): Promise<void> {
  const reponse = await route.fetch();
  reponses.push(await reponse.json());
  return route.fulfill({ response: reponse });
}

/**
 * Cuts the network: `apresServeur`, the server has answered and the answer is lost; otherwise the
 * request never reaches it.
 */
async function couper(route: Route, apresServeur: boolean): Promise<void> {
  if (apresServeur) {
    await (await route.fetch()).body();
    return route.abort('connectionreset');
  }
  return route.abort('internetdisconnected');
}

const estAnnuaire = (url: URL) => url.pathname === '/api/synchro/annuaire-morale';
const estPartieInstantane = (url: URL) =>
  url.pathname.startsWith('/api/synchro/annuaire-morale/instantane/');

/**
 * A fresh device takes its directory from the server's snapshot (issue 29); these cases cut the
 * feed between its batches, so the snapshot is declined here (`cle` null: the feed from its
 * beginning), as the server answers a caller without a perimeter.
 */
async function sansInstantane(page: Page) {
  await page.route('**/api/synchro/annuaire-morale/instantane', (route) =>
    route.fulfill({
      json: {
        cle: null,
        parties: 0,
        nombre: 0,
        documents: [],
        checkpoint: { id: '0', lastSync: '' },
      },
    }),
  );
}
const depuis = (requete: Request): Checkpoint | null => {
  const params = new URL(requete.url()).searchParams;
  const id = params.get('id');
  return id === null ? null : { id, lastSync: params.get('lastSync')! };
};

/** The directory on the device is exactly the server's: no hole, no duplicate, same checkpoint. */
async function verifierAnnuaire(page: Page, api: SessionApi) {
  const serveur = await api.flux('annuaire-morale', 200);
  const ids = serveur.documents.filter((d) => !d._deleted).map((d) => d.id);
  expect(new Set(ids).size).toBe(ids.length);
  const locaux = (await lireTable(page, 'annuaire')).map((o) => o.id);
  expect(locaux.length).toBe(ids.length);
  expect(locaux.sort()).toEqual(ids.sort());
  const meta = (await lireTable(page, 'meta')).find((m) => m.key === 'checkpoint:annuaire-morale');
  expect((meta as { value?: Checkpoint } | undefined)?.value).toEqual(serveur.checkpoint);
}

test('réseau coupé entre deux lots de l’annuaire : la reprise part du dernier point enregistré, sans trou ni doublon', async ({
  page,
  request,
}) => {
  const { api } = await demarrerAppareil(page, request, LOGIN, false);
  expect((await api.flux('annuaire-morale', 200)).documents.length).toBeGreaterThan(400);
  await sansInstantane(page);

  // Batch 2 is served but its answer lost, then its retry never reaches the server; the run
  // goes on. Then a second run loses batch 2 four times: it stops, the third run resumes.
  const requetes: Request[] = [];
  const lots: LotServeur[] = [];
  let pannes = 2;
  await page.route(estAnnuaire, async (route) => {
    requetes.push(route.request());
    const n = requetes.length;
    if (pannes > 0 && depuis(route.request()) !== null && n > 1) {
      pannes--;
      return couper(route, pannes % 2 === 1);
    }
    return servirEtGarder(route, lots);
  });
  await synchroniser(page);
  // Batches 2 was asked three times, each time from batch 1's checkpoint (written with it).
  expect(requetes.slice(1, 4).map(depuis)).toEqual([
    lots[0]!.checkpoint,
    lots[0]!.checkpoint,
    lots[0]!.checkpoint,
  ]);
  await verifierAnnuaire(page, api);
  await verifierAccord(page, api, []);
});

test('réseau coupé plus de trois fois au milieu de l’annuaire : la synchronisation s’arrête puis reprend au lot suivant', async ({
  page,
  request,
}) => {
  const { api } = await demarrerAppareil(page, request, LOGIN, false);
  await sansInstantane(page);
  const requetes: Request[] = [];
  const lots: LotServeur[] = [];
  let coupe = true;
  await page.route(estAnnuaire, async (route) => {
    requetes.push(route.request());
    if (coupe && requetes.length > 1) {
      // Alternately: served then the answer lost, and dropped before the server.
      return couper(route, requetes.length % 2 === 0);
    }
    return servirEtGarder(route, lots);
  });
  await page.getByRole('button', { name: 'Synchroniser vos données' }).click();
  await expect(
    page.getByText('Une erreur est survenue pendant la synchronisation').first(),
  ).toBeVisible({
    timeout: 60_000,
  });
  // Batch 1 and its checkpoint are there together, nothing of batch 2.
  expect(lots).toHaveLength(1);
  expect((await lireTable(page, 'annuaire')).map((o) => o.id).sort()).toEqual(
    lots[0]!.documents.map((d) => d.id).sort(),
  );
  const meta = (await lireTable(page, 'meta')).find((m) => m.key === 'checkpoint:annuaire-morale');
  expect(meta?.value).toEqual(lots[0]!.checkpoint);

  coupe = false;
  const avant = requetes.length;
  await synchroniser(page);
  expect(depuis(requetes[avant]!)).toEqual(lots[0]!.checkpoint);
  await verifierAnnuaire(page, api);
  await verifierAccord(page, api, []);
});

test('réseau coupé au milieu de l’instantané de l’annuaire : la partie est reprise, l’annuaire est celui du serveur', async ({
  page,
  request,
}) => {
  const { api } = await demarrerAppareil(page, request, LOGIN, false);
  // The part's first answer stops halfway through a line (the link lost mid-body); the next ones
  // pass.
  const parties: string[] = [];
  await page.route(estPartieInstantane, async (route) => {
    parties.push(new URL(route.request().url()).pathname);
    const reponse = await route.fetch();
    if (!reponse.ok()) return route.fulfill({ response: reponse });
    // The body as decoded by the request context: sent again without its encoding.
    const corps = await reponse.text();
    return route.fulfill({
      status: 200,
      contentType: 'application/x-ndjson',
      body: parties.length > 1 ? corps : corps.slice(0, Math.floor(corps.length / 2)),
    });
  });
  await synchroniser(page);
  // The same part asked again, and every operator of the server's feed is there, once.
  expect(parties.length).toBeGreaterThanOrEqual(2);
  expect(parties[1]).toBe(parties[0]);
  const serveur = await api.flux('annuaire-morale', 200);
  const vivants = serveur.documents.filter((d) => !d._deleted).map((d) => d.id);
  const locaux = (await lireTable(page, 'annuaire')).map((o) => o.id);
  expect(new Set(locaux).size).toBe(locaux.length);
  expect(locaux.sort()).toEqual([...new Set(vivants)].sort());
  // Its checkpoint leaves nothing of the feed behind it.
  const meta = (await lireTable(page, 'meta')).find((m) => m.key === 'checkpoint:annuaire-morale');
  const checkpoint = (meta as { value?: Checkpoint } | undefined)?.value;
  expect(checkpoint).toBeDefined();
  expect((await api.lot('annuaire-morale', 200, checkpoint)).documents).toEqual([]);
  await verifierAccord(page, api, []);
});

test('horloge de l’appareil en avance puis en retard d’une heure : les saisies arrivent, l’ordre reste celui du serveur', async ({
  page,
  request,
}) => {
  await page.clock.install({ time: Date.now() + HEURE });
  const { api } = await demarrerAppareil(page, request, LOGIN, false);
  await synchroniserSousHorloge(page);
  const bureau = await SessionApi.ouvrir(request, 'animateur@estive.test', /Auvergne/);
  const [avance, parBureau, retard] = await controlesProgrammes(page, 3);
  expect(await page.evaluate(() => Date.now())).toBeGreaterThan(Date.now() + HEURE - 60_000);
  const reponses: ReponsePush[] = [];
  await page.route('**/api/synchro/controle', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    return servirEtGarder(route, reponses);
  });

  await saisirSurAppareil(page, avance!.id, 'horloge-avance');
  await synchroniserSousHorloge(page);
  // The office writes after the tablet, with the server's (earlier) clock.
  await bureau.post(`/api/controles/${parBureau!.id}/annulation`, { raison: 'Bureau, après' });
  await page.clock.setSystemTime(Date.now() - HEURE);
  expect(await page.evaluate(() => Date.now())).toBeLessThan(Date.now() - HEURE + 60_000);
  await saisirSurAppareil(page, retard!.id, 'horloge-retard');
  await synchroniserSousHorloge(page);
  expect(reponses.map((r) => r.resultats.map((x) => [x.id, x.statut]))).toEqual([
    [[avance!.id, 'ACCEPTE']],
    [[retard!.id, 'ACCEPTE']],
  ]);

  const serveur = await verifierAccord(page, api, ['horloge-avance', 'horloge-retard']);
  // Served in commit order, whatever the device's clock said.
  const rang = (id: string) => serveur.findIndex((d) => d.id === id);
  expect(rang(avance!.id)).toBeLessThan(rang(parBureau!.id));
  expect(rang(parBureau!.id)).toBeLessThan(rang(retard!.id));
  expect(serveur[rang(parBureau!.id)]).toMatchObject({ statut: 'ANNULE' });
});

/** Step 2 of the entry form, on the first tab whose points take a conformity. */
async function ouvrirOngletAvecConformites(page: Page) {
  const conformites = page.locator('[data-testid^="conformite-"]');
  await expect(page.getByRole('tab').first()).toBeVisible();
  for (const onglet of await page.getByRole('tab').all()) {
    await onglet.click();
    if ((await conformites.count()) > 0) return;
  }
  throw new Error('aucun onglet de points de contrôle');
}

test('bout en bout : saisie hors ligne, rechargement hors ligne, retour en ligne, le serveur a la saisie', async ({
  page,
  context,
  request,
}) => {
  const { api, coquille } = await demarrerAppareil(page, request, LOGIN);
  // A visit (same operator, date and round) none of whose controls an earlier case filled.
  const tous = await lireTable(page, 'controles');
  const visiteDe = (c: Enregistrement) =>
    tous.filter(
      (v) =>
        v.personneMoraleId === c.personneMoraleId &&
        v.date === c.date &&
        v.tourneeId === c.tourneeId,
    );
  const visite = reserverGroupe(
    (await controlesProgrammes(page, 1, Infinity))
      .map(visiteDe)
      .filter((v) => v.every((c) => c.statut === 'PROGRAMME')),
  );
  const ids = visite.map((c) => c.id);
  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');

  const saisie = new SaisieControlePage(page);
  await saisie.ouvrir(ids);
  await saisie.suivant.click();
  await ouvrirOngletAvecConformites(page);
  await saisie.completerOngletEnSO();
  const coches = await page.locator('[data-testid^="conformite-"] input:checked').count();
  expect(coches).toBeGreaterThan(0);
  await saisie.enregistrer.click();
  await expect(page.getByText('Le contrôle a été sauvegardé')).toBeVisible();
  const soDe = (grille: unknown) =>
    (JSON.stringify(grille).match(/"conformite":"SO"/g) ?? []).length;
  const enregistres = (await lireTable(page, 'controles')).filter((c) => ids.includes(c.id));
  expect(enregistres.every((c) => c.sync === false && c.statut === 'EN_COURS')).toBe(true);
  const grilleLocale = enregistres[0]!.grille;
  expect(soDe(grilleLocale)).toBeGreaterThan(0);

  // Reloaded offline: the entry is still there, on the device and on screen.
  await page.reload();
  await coquille.attendreStatut('Hors Ligne');
  const apres = (await lireTable(page, 'controles')).filter((c) => ids.includes(c.id));
  expect(apres.map((c) => c.grille)).toEqual(enregistres.map((c) => c.grille));
  await ouvrirOngletAvecConformites(page);
  await expect(page.locator('[data-testid^="conformite-"] input:checked')).toHaveCount(coches);

  await context.setOffline(false);
  await coquille.attendreStatut('En ligne');
  const bilan = await synchroniser(page);
  expect(bilan.envoyes.controles).toBe(ids.length);
  const serveur = await verifierAccord(page, api, []);
  for (const id of ids) {
    const s = serveur.find((d) => d.id === id)!;
    expect(s.statut).toBe('EN_COURS');
    expect(soDe(s.grille)).toBe(soDe(grilleLocale));
  }
});

test('sans verrou entre onglets (navigateur sans Web Locks) : deux envois simultanés, un ACCEPTE et un DOUBLON, rien en double', async ({
  page,
  context,
  request,
}) => {
  // An older tablet browser: the engine then has no lock between tabs.
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }),
  );
  const { api, coquille } = await demarrerAppareil(page, request, LOGIN);
  const [modifie] = await controlesProgrammes(page, 1);
  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');
  await saisirSurAppareil(page, modifie!.id, 'simultane-modif');
  const nouveau = await creerInopineHorsLigne(page);
  await context.setOffline(false);
  await coquille.attendreStatut('En ligne');
  const onglet2 = await context.newPage();
  await onglet2.goto('/tournee');
  await expect(onglet2.getByRole('button', { name: /^Synchronisé le/ })).toBeVisible();

  // Both tabs push the same entries; both requests are held until both have left, then reach
  // the server together.
  let ouvrir!: () => void;
  const barriere = new Promise<void>((r) => (ouvrir = r));
  let partis = 0;
  const reponses: ReponsePush[] = [];
  await context.route('**/api/synchro/controle', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (++partis === 2) ouvrir();
    await barriere;
    return servirEtGarder(route, reponses);
  });
  await Promise.all([synchroniser(page), synchroniser(onglet2)]);
  expect(reponses).toHaveLength(2);
  for (const localId of [modifie!.id, nouveau.id]) {
    const pour = reponses.map((r) => r.resultats.find((x) => x.localId === localId)!);
    expect(pour.map((x) => x.statut).sort()).toEqual(['ACCEPTE', 'DOUBLON']);
    expect(pour[0]!.id).toBe(pour[1]!.id);
  }
  const serveur = await verifierAccord(onglet2, api, ['simultane-modif']);
  expect(serveur.filter((d) => d.clientUuid === nouveau.clientUuid)).toHaveLength(1);
});
