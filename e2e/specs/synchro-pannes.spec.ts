import { expect, test, type Route } from '@playwright/test';
import { ajouterFichier, creerInopineHorsLigne, demarrerAppareil } from '../pages/Appareil';
import { MesTourneesPage } from '../pages/MesTourneesPage';
import { lireTable } from '../pages/Idb';
import {
  avecMarque,
  controlesProgrammes,
  saisirSurAppareil,
  SessionApi,
  synchroniser,
  verifierAccord,
  type DocumentServeur,
  type ReponsePush,
} from '../pages/Synchro';

/**
 * Device-side fault injection of the push (docs/architecture.md §5), in chromium against the real
 * server: each case breaks something between the tablet and the server, then checks that every
 * entry is on the server exactly once and that tablet and server agree. One account (controleur2,
 * used by no other spec to write), one case after the other, so that the final comparison is exact.
 */
const LOGIN = 'controleur2@estive.test';
// In order, in one worker (a failure does not skip the next case); each signs in and syncs.
test.describe.configure({ mode: 'default', timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const estPush = (route: Route) => route.request().method() === 'POST';
const statuts = (r: ReponsePush) =>
  [...r.resultats].sort((a, b) => a.localId.localeCompare(b.localId)).map((x) => [x.statut, x.id]);

test('réponse perdue après validation par le serveur : la synchronisation suivante renvoie, DOUBLON, rien en double', async ({
  page,
  context,
  request,
}) => {
  const { api, coquille } = await demarrerAppareil(page, request, LOGIN);
  const [modifie] = await controlesProgrammes(page, 1);
  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');
  await saisirSurAppareil(page, modifie!.id, 'perdu-modif');
  const nouveau = await creerInopineHorsLigne(page);
  await context.setOffline(false);
  await coquille.attendreStatut('En ligne');

  // The server applies the first push, its answer never reaches the tablet; the network stays
  // down for the run's retries, which stops. The next sync sends the same entries again.
  const reponses: ReponsePush[] = [];
  let essais = 0;
  let reseau = false;
  await page.route('**/api/synchro/controle', async (route) => {
    if (!estPush(route)) return route.fallback();
    essais++;
    if (!reseau && essais > 1) return route.abort('internetdisconnected');
    const reponse = await route.fetch();
    reponses.push((await reponse.json()) as ReponsePush);
    if (!reseau) return route.abort('connectionreset');
    return route.fulfill({ response: reponse });
  });
  await page.getByRole('button', { name: /^Synchronisé le/ }).click();
  await expect(
    page.getByText('Une erreur est survenue pendant la synchronisation').first(),
  ).toBeVisible({ timeout: 60_000 });
  expect(essais).toBe(4);
  // The tablet still holds both entries as unsent: it never learnt the server has them.
  const enAttente = (await lireTable(page, 'controles')).filter((c) => c.sync === false);
  expect(enAttente.map((c) => c.id).sort()).toEqual([modifie!.id, nouveau.id].sort());

  reseau = true;
  await synchroniser(page);
  expect(reponses).toHaveLength(2);
  const [premier, second] = reponses.map(statuts);
  expect(premier!.map(([s]) => s)).toEqual(['ACCEPTE', 'ACCEPTE']);
  expect(second).toEqual(premier!.map(([, id]) => ['DOUBLON', id]));

  const serveur = await verifierAccord(page, api, ['perdu-modif']);
  expect(serveur.filter((d) => d.clientUuid === nouveau.clientUuid)).toHaveLength(1);
  expect(avecMarque(serveur, 'perdu-modif').map((d) => d.id)).toEqual([modifie!.id]);
});

test('envoi multipart coupé au milieu puis renvoyé : contrôle et fichier enregistrés une fois', async ({
  page,
  request,
}) => {
  const { api } = await demarrerAppareil(page, request, LOGIN);
  const [controle] = await controlesProgrammes(page, 1);
  await saisirSurAppareil(page, controle!.id, 'coupe-modif');
  const nom = `${controle!.id}__${(controle!.aopIgp as { id: string }).id}__SIGNATURE.png`;
  await ajouterFichier(page, {
    nom,
    controleId: controle!.id,
    aopIgpId: (controle!.aopIgp as { id: string }).id,
    taille: 400_000,
  });

  // The server receives only the first half of the body; the tablet sees the connection drop.
  const codes: number[] = [];
  const reponses: ReponsePush[] = [];
  await page.route('**/api/synchro/controle', async (route) => {
    if (!estPush(route)) return route.fallback();
    const corps = route.request().postDataBuffer();
    expect(corps?.length ?? 0).toBeGreaterThan(400_000);
    if (codes.length === 0) {
      const coupe = await route.fetch({ postData: corps!.subarray(0, corps!.length / 2) });
      codes.push(coupe.status());
      return route.abort('connectionreset');
    }
    const reponse = await route.fetch();
    codes.push(reponse.status());
    reponses.push((await reponse.json()) as ReponsePush);
    return route.fulfill({ response: reponse });
  });
  await synchroniser(page);
  expect(codes).toEqual([400, 200]);
  expect(reponses[0]!.resultats.map((r) => [r.id, r.statut])).toEqual([[controle!.id, 'ACCEPTE']]);
  expect(reponses[0]!.documents).toMatchObject([{ nom, statut: 'ACCEPTE' }]);

  const serveur = await verifierAccord(page, api, ['coupe-modif']);
  const fichiers = serveur.find((d) => d.id === controle!.id)?.fichiers as { fileName: string }[];
  expect(fichiers.filter((f) => f.fileName === nom)).toHaveLength(1);
  const locaux = (await lireTable(page, 'fichiers')).filter((f) => f.id === nom);
  expect(locaux).toMatchObject([{ controleId: controle!.id, sync: true }]);
});

test('deux onglets synchronisent en même temps, et le bureau écrit pendant l’envoi', async ({
  page,
  context,
  request,
}) => {
  const { api } = await demarrerAppareil(page, request, LOGIN);
  const bureau = await SessionApi.ouvrir(request, 'animateur@estive.test');
  const [modifie, annule] = await controlesProgrammes(page, 2);
  const onglet2 = await context.newPage();
  await onglet2.goto('/tournee');
  // A cold tab loads the app and reads the store before its sync button shows: on a loaded CI
  // machine (load 26) that took over 10 s, the banner already there.
  await expect(onglet2.getByRole('button', { name: /^Synchronisé le/ })).toBeVisible({
    timeout: 30_000,
  });
  await saisirSurAppareil(page, modifie!.id, 'onglets-modif');

  // The first tab's push reaches the server, its answer is held back meanwhile.
  let liberer!: () => void;
  const retenue = new Promise<void>((r) => (liberer = r));
  let signaler!: () => void;
  const applique = new Promise<void>((r) => (signaler = r));
  const reponses: ReponsePush[] = [];
  await context.route('**/api/synchro/controle', async (route) => {
    if (!estPush(route)) return route.fallback();
    const reponse = await route.fetch();
    reponses.push((await reponse.json()) as ReponsePush);
    signaler();
    await retenue;
    return route.fulfill({ response: reponse });
  });
  const run1 = synchroniser(page);
  await applique;
  // The second tab cannot start a run of its own while the first one pushes.
  await onglet2.getByRole('button', { name: /^Synchronisé le/ }).click();
  await expect(onglet2.getByText('Une synchronisation est déjà en cours')).toBeVisible();
  // Another device pulls now: it gets the committed entry.
  const pendant = await api.flux('controle', 10);
  expect(avecMarque(pendant.documents, 'onglets-modif').map((d) => d.id)).toEqual([modifie!.id]);
  // The office cancels another control of the controller during the push.
  await bureau.post(`/api/controles/${annule!.id}/annulation`, {
    raison: 'Annulé pendant l’envoi',
  });
  liberer();
  await run1;
  expect(reponses.map(statuts)).toEqual([[['ACCEPTE', modifie!.id]]]);

  // The second tab then syncs with nothing left to push.
  const bilan2 = await synchroniser(onglet2);
  expect(bilan2.envoyes.controles).toBe(0);
  expect(reponses).toHaveLength(1);
  const serveur = await verifierAccord(onglet2, api, ['onglets-modif']);
  expect(serveur.find((d) => d.id === annule!.id)).toMatchObject({
    statut: 'ANNULE',
    raisonAbandon: 'Annulé pendant l’envoi',
  });
});

test('jeton expiré pendant l’envoi : 401, rafraîchi, renvoyé, accepté une seule fois', async ({
  page,
  request,
}) => {
  const { api } = await demarrerAppareil(page, request, LOGIN);
  const [controle] = await controlesProgrammes(page, 1);
  await saisirSurAppareil(page, controle!.id, 'expire-modif');
  const jetonAvant = await page.evaluate(() => sessionStorage.getItem('estive.jeton'));

  // The first push carries the token with its expiry an hour back (so no longer signed): the
  // server itself answers 401, as for any expired token.
  const valeur = (JSON.parse(jetonAvant!) as { valeur: string }).valeur;
  const [entete, charge] = valeur.split('.');
  const claims = JSON.parse(Buffer.from(charge!, 'base64url').toString()) as { exp: number };
  const expire = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp - 3600 })).toString(
    'base64url',
  );
  const jetonExpire = `${entete}.${expire}.${valeur.split('.')[2]}`;
  const codes: number[] = [];
  const reponses: ReponsePush[] = [];
  await page.route('**/api/synchro/controle', async (route) => {
    if (!estPush(route)) return route.fallback();
    const entetes = route.request().headers();
    if (codes.length === 0) entetes.authorization = `Bearer ${jetonExpire}`;
    const reponse = await route.fetch({ headers: entetes });
    codes.push(reponse.status());
    if (reponse.status() === 200) reponses.push((await reponse.json()) as ReponsePush);
    return route.fulfill({ response: reponse });
  });
  const rafraichi = page.waitForResponse('**/api/auth/refresh');
  await synchroniser(page);
  expect((await rafraichi).status()).toBe(200);
  expect(codes).toEqual([401, 200]);
  expect(reponses.map(statuts)).toEqual([[['ACCEPTE', controle!.id]]]);
  expect(await page.evaluate(() => sessionStorage.getItem('estive.jeton'))).not.toBe(jetonAvant);
  await verifierAccord(page, api, ['expire-modif']);
});

test('le bureau annule (CONFLIT, saisie appliquée) et réaffecte (REJETE, saisie gardée pour le bureau) des contrôles saisis hors ligne', async ({
  page,
  context,
  request,
}) => {
  const { coquille } = await demarrerAppareil(page, request, LOGIN);
  const bureau = await SessionApi.ouvrir(request, 'animateur@estive.test');
  const collegue = await SessionApi.ouvrir(request, 'controleur@estive.test');
  const versId = (await collegue.lot('controle', 10)).documents[0]!.controleurId as string;
  const [annule, repris] = await controlesProgrammes(page, 2);
  await context.setOffline(true);
  await coquille.attendreStatut('Hors Ligne');
  await saisirSurAppareil(page, annule!.id, 'conflit-annule');
  await saisirSurAppareil(page, repris!.id, 'conflit-repris');
  // Meanwhile, at the office.
  await bureau.post(`/api/controles/${annule!.id}/annulation`, { raison: 'Annulé par le bureau' });
  await bureau.post(`/api/controles/${repris!.id}/controleur`, { controleurId: versId });

  await context.setOffline(false);
  await coquille.attendreStatut('En ligne');
  const bilan = await synchroniser(page);
  expect(bilan.conflits).toBe(1);
  // No longer his: not applied (docs/architecture.md §5), the device is told why and keeps
  // its copy.
  expect(bilan.rejets).toEqual([
    { id: repris!.id, message: expect.stringContaining('attribué à un autre contrôleur') },
  ]);

  // The tablet keeps the cancelled control, flagged, and its own copy of the reassigned one.
  const locaux = await lireTable(page, 'controles');
  expect(locaux.find((c) => c.id === annule!.id)).toMatchObject({
    statut: 'ANNULE',
    raisonAbandon: 'Annulé par le bureau',
    conflit: true,
    sync: true,
  });
  expect(
    avecMarque(
      locaux.filter((c) => c.id === repris!.id),
      'conflit-repris',
    ),
  ).toHaveLength(1);
  // ... and its card says so, on the week of the visit.
  await page.goto('/tournee');
  const enConflit = page.getByText(/^En conflit : le bureau a modifié ce contrôle/);
  const semaineSuivante = new MesTourneesPage(page).semaine('suivante');
  const semaineAffichee = async () => {
    await expect(semaineSuivante).toBeVisible();
    await page.waitForTimeout(500); // the cards follow the date after a 300 ms debounce
    return enConflit.isVisible();
  };
  for (let semaines = 0; semaines < 8 && !(await semaineAffichee()); semaines++) {
    await semaineSuivante.click();
  }
  await expect(enConflit).toHaveCount(1);

  // The office sees both entries, each once, as conflicts.
  const recheck = await bureau.request.get(
    `/api/synchro/controle-recheck?reCheckIds=${annule!.id},${repris!.id}`,
    { headers: bureau.headers },
  );
  const { documents } = (await recheck.json()) as { documents: DocumentServeur[] };
  expect(documents.map((d) => [d.id, d.conflit, d.controleurId])).toEqual(
    expect.arrayContaining([
      [annule!.id, true, annule!.controleurId],
      [repris!.id, false, versId],
    ]),
  );
  expect(avecMarque(documents, 'conflit-annule')).toHaveLength(1);
  // The new controller's control is untouched; the refused entry waits in the office's conflicts.
  expect(avecMarque(documents, 'conflit-repris')).toHaveLength(0);
});
