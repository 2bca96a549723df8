import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../../test/test-app';
import { Appareil, verifierAccord } from './appareil.test-helpers';
import {
  annuler,
  exemplaires,
  nouveauControle,
  marqueDe,
  reaffecter,
  utilisateurId,
} from './fixtures.test-helpers';

/**
 * Model-based test of sync (docs/architecture.md §5): fast-check generates sequences of what
 * happens between a tablet and the office — offline entries, creations, cancellations,
 * reassignments and give-backs, pushes whose answer is lost, pulls cut after one batch, retries —
 * runs them against the real server (PGlite, or PostgreSQL with DATABASE_URL) and the device
 * simulator, then syncs to the end. After every run: the device holds what the server holds, the
 * last entry of every control is on the server exactly once and no entry twice. During every run: a
 * pull never overwrites a local record that is not synced.
 *
 * The office reassigns only controls the tablet has no unsent entry on: an entry on a control
 * taken away is REJETE and stays on the tablet for the office to settle (§5), outside agreement.
 */
const RUNS = 12;

let ctx: TestContext;
let moi: number;
let collegue: number;
let jeton: string;
beforeAll(async () => {
  ctx = await createTestApp();
  jeton = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  moi = await utilisateurId(ctx.database.db, 'controleur@estive.test');
  collegue = await utilisateurId(ctx.database.db, 'controleur2@estive.test');
});
afterAll(() => ctx.close());

interface Monde {
  tablette: Appareil;
  /** Controls given to the colleague during the run (given back at its end). */
  cedes: Set<number>;
  /** Every entry made, and the last one per control (by clientUuid, else server id). */
  marques: Set<string>;
  derniere: Map<string, string>;
  suivant: number;
}
type Modele = object;
type Commande = fc.AsyncCommand<Modele, Monde>;

const identite = (c: Record<string, unknown>) =>
  typeof c['clientUuid'] === 'string' ? c['clientUuid'] : String(c['id']);
const locaux = (m: Monde) => [...m.tablette.controles.values()];
const modifiables = (m: Monde) =>
  locaux(m).filter((c) => !String(c['statut']).startsWith('REALISE'));
const synchronises = (m: Monde) =>
  locaux(m).filter((c) => c.sync !== false && !c.toCreate && /^\d+$/.test(c.id));
const choisir = <T>(liste: T[], rang: number): T | undefined => liste[rang % liste.length];
const marquer = (m: Monde, c: Record<string, unknown>) => {
  const marque = `m${String(m.suivant++)}-${randomUUID().slice(0, 8)}`;
  m.marques.add(marque);
  m.derniere.set(identite(c), marque);
  return marque;
};

const commande = (nom: string, agir: (m: Monde) => Promise<void>): Commande => ({
  check: () => true,
  run: async (_modele, m) => agir(m),
  toString: () => nom,
});

const saisir = (rang: number) =>
  commande(`saisir(${String(rang)})`, async (m) => {
    // Not on a control the office gave away: that entry is REJETE and stays on the tablet (§5).
    const c = choisir(
      modifiables(m).filter((l) => !m.cedes.has(Number(l.id))),
      rang,
    );
    if (!c) return;
    m.tablette.saisir(c.id, marquer(m, c), { statut: 'EN_COURS', resultat: null, etapeSaisie: 2 });
  });

const creer = (rang: number) =>
  commande(`creer(${String(rang)})`, async (m) => {
    const marque = `m${String(m.suivant++)}-${randomUUID().slice(0, 8)}`;
    const nouveau = await nouveauControle(ctx.database.db, {
      marque,
      rang,
      localId: `local-${String(500_001 + m.suivant)}`,
    });
    m.marques.add(marque);
    m.derniere.set(nouveau.clientUuid, marque);
    m.tablette.creer(nouveau);
  });

// The office may cancel a control the tablet has an unsent entry on: it is still the sender's, so
// the entry is applied and the device told CONFLIT (§5); the pulls in between must not erase it.
const annulerAuBureau = (rang: number) =>
  commande(`annuler(${String(rang)})`, async (m) => {
    const serveur = locaux(m).filter((l) => /^\d+$/.test(l.id));
    // Unsent entries first: the case worth generating most.
    const c = choisir(
      [...serveur.filter((l) => l.sync === false), ...serveur.filter((l) => l.sync !== false)],
      rang,
    );
    if (c) await annuler(ctx.database.db, Number(c.id));
  });

const reaffecterAuBureau = (rang: number) =>
  commande(`reaffecter(${String(rang)})`, async (m) => {
    const c = choisir(synchronises(m), rang);
    if (!c) return;
    await reaffecter(ctx.database.db, Number(c.id), collegue);
    m.cedes.add(Number(c.id));
  });

const rendre = (rang: number) =>
  commande(`rendre(${String(rang)})`, async (m) => {
    const id = choisir([...m.cedes], rang);
    if (id === undefined) return;
    await reaffecter(ctx.database.db, id, moi);
    m.cedes.delete(id);
  });

const pousser = (reponsePerdue: boolean) =>
  commande(`pousser(${reponsePerdue ? 'réponse perdue' : ''})`, async (m) => {
    const { statusCode } = await m.tablette.pousser({ reponsePerdue });
    expect(statusCode).toBe(200);
  });

const tirer = (lots: number) =>
  commande(`tirer(${String(lots)} lot(s))`, async (m) => {
    const avant = locaux(m).filter((c) => c.sync === false);
    await m.tablette.tirer(lots);
    // A pull never overwrites local work that is not synced.
    for (const c of avant) expect(m.tablette.controles.get(c.id)).toEqual(c);
  });

// Entries, pushes and pulls weigh more than office actions: the interleavings are what matter.
const commandes = [
  fc.nat(40).map(saisir),
  fc.nat(40).map(saisir),
  fc.nat(40).map(saisir),
  fc.nat(3).map(creer),
  fc.nat(2).map(annulerAuBureau),
  fc.nat(40).map(annulerAuBureau),
  fc.nat(40).map(reaffecterAuBureau),
  fc.nat(5).map(rendre),
  fc.boolean().map(pousser),
  fc.boolean().map(pousser),
  fc.constantFrom(1, Infinity).map(tirer),
  fc.constantFrom(1, Infinity).map(tirer),
];

describe('sync, model-based', () => {
  it(`device = server and every entry once, over ${String(RUNS)} generated runs`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commandes, { maxCommands: 15, size: 'max' }), async (suite) => {
        runs++;
        const tablette = new Appareil(ctx.app, jeton);
        await tablette.tirer();
        const monde: Monde = {
          tablette,
          cedes: new Set(),
          marques: new Set(),
          derniere: new Map(),
          suivant: runs * 1000,
        };
        try {
          await fc.asyncModelRun(() => ({ model: {}, real: monde }), suite);
          // The end of the day: the tablet syncs until nothing is left to send.
          for (let i = 0; i < 3 && locaux(monde).some((c) => c.sync === false); i++)
            await tablette.pousser();
          const dernieres = new Set(monde.derniere.values());
          await verifierAccord(ctx.app, ctx.database.db, tablette, [...dernieres]);
          for (const marque of monde.marques)
            if (!dernieres.has(marque))
              expect(await exemplaires(ctx.database.db, marque)).toBeLessThanOrEqual(1);
          // Each device control carries its own last entry, not an older one.
          for (const c of locaux(monde)) {
            const marque = marqueDe(c['grille']);
            if (marque && monde.marques.has(marque))
              expect(monde.derniere.get(identite(c))).toBe(marque);
          }
        } finally {
          for (const id of monde.cedes) await reaffecter(ctx.database.db, id, moi);
        }
      }),
      { numRuns: RUNS },
    );
    console.log(`synchro model: ${String(runs)} generated runs`);
    expect(runs).toBeGreaterThanOrEqual(RUNS);
  });
});
