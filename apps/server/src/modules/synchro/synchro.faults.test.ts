import { desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controle, controleConflit } from '../../db/schema';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';
import { Appareil, verifierAccord } from './appareil.test-helpers';
import { DEBUT } from './cursor';
import { lireLot } from './feeds.repository';
import {
  annuler,
  compterInbox,
  exemplaires,
  grilleMarquee,
  nouveauControle,
  reaffecter,
  utilisateurId,
} from './fixtures.test-helpers';
import { tirer } from './synchro.test-helpers';

/**
 * Fault injection (docs/architecture.md §5): each case breaks something between the tablet and the
 * server and ends with `verifierAccord`: every controller entry on the server exactly once, tablet
 * and server in agreement. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let ctx: TestContext;
let moi: number;
let collegue: number;
let session: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  // Login is rate-limited: one session for the whole file.
  ctx = await createTestApp();
  session = await login(ctx.app, 'controleur@estive.test');
  moi = await utilisateurId(ctx.database.db, 'controleur@estive.test');
  collegue = await utilisateurId(ctx.database.db, 'controleur2@estive.test');
});
afterAll(() => ctx.close());

const nbInbox = () => compterInbox(ctx.database.db);

async function appareil() {
  const a = new Appareil(ctx.app, session.accessToken);
  await a.tirer();
  return a;
}
const programmes = (a: Appareil) =>
  [...a.controles.values()].filter((c) => c.statut === 'PROGRAMME').map((c) => c.id);

const nouveau = (marque: string, rang: number) =>
  nouveauControle(ctx.database.db, { marque, rang, localId: `local-${500100 + rang}` });

describe('fault injection', () => {
  it('a write transaction held open while a later one commits: the next pulls deliver both', async () => {
    const tablette = await appareil();
    const [a, b] = programmes(tablette);
    tablette.saisir(b!, 'tard-b');
    const { db } = ctx.database;
    const portee = { utilisateurId: moi, odgId: 1, controleur: true };
    if (ctx.database.kind === 'postgres') {
      // Two connections: T1 takes its xid first and stays open; the push commits after it.
      let liberer!: () => void;
      const attente = new Promise<void>((r) => (liberer = r));
      let ecrit!: () => void;
      const t1Ecrit = new Promise<void>((r) => (ecrit = r));
      const t1 = db.transaction(async (tx) => {
        await tx
          .update(controle)
          .set({ etapeSaisie: 3 })
          .where(eq(controle.id, Number(a)));
        ecrit();
        await attente;
      });
      await t1Ecrit;
      const push = await tablette.pousser();
      expect(push.reponse?.resultats[0]).toMatchObject({ id: b, statut: 'ACCEPTE' });
      const pendant = await tablette.tirer();
      // Without the xmin rule the cursor would pass B now and A, committed later with a
      // smaller xid, would never reach the tablet.
      expect(pendant.map((d) => d.id)).not.toContain(b);
      liberer();
      await t1;
    } else {
      // One connection: the equivalent is the writer's own view, where its xid is the xmin.
      await tablette.pousser();
      await db.transaction(async (tx) => {
        await tx
          .update(controle)
          .set({ etapeSaisie: 3 })
          .where(eq(controle.id, Number(a)));
        const pendant = await lireLot(tx, 'controle', portee, DEBUT, 1000);
        expect(pendant.map((l) => String(l.id))).not.toContain(a);
      });
    }
    const apres = await tablette.tirer();
    expect(apres.map((d) => d.id)).toEqual(expect.arrayContaining([a, b]));
    expect(tablette.controles.get(a!)?.etapeSaisie).toBe(3);
    await verifierAccord(ctx.app, db, tablette, ['tard-b']);
  });

  it('a multipart upload cut in the middle: nothing half-applied, the second push is ACCEPTE', async () => {
    const tablette = await appareil();
    const [c] = programmes(tablette);
    tablette.saisir(c!, 'coupe-edit');
    tablette.creer(await nouveau('coupe-new', 1));
    const avant = await nbInbox();
    const { payload, headers } = tablette.corps();
    const coupe = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/controle',
      payload: payload.subarray(0, Math.floor(payload.length / 2)),
      headers: { ...headers, ...bearer(tablette.token) },
    });
    expect(coupe.statusCode).toBe(400);
    expect(await nbInbox()).toBe(avant);
    expect(await exemplaires(ctx.database.db, 'coupe-edit')).toBe(0);
    expect(await exemplaires(ctx.database.db, 'coupe-new')).toBe(0);
    const { reponse } = await tablette.pousser();
    expect(reponse?.resultats.map((r) => r.statut)).toEqual(['ACCEPTE', 'ACCEPTE']);
    await verifierAccord(ctx.app, ctx.database.db, tablette, ['coupe-edit', 'coupe-new']);
  });

  it('two pushes of the same device at once: one ACCEPTE, the other DOUBLON; a pull during a push', async () => {
    const tablette = await appareil();
    const [c] = programmes(tablette);
    tablette.saisir(c!, 'double-edit');
    tablette.creer(await nouveau('double-new', 2));
    const tiers = new Appareil(ctx.app, tablette.token);
    const [un, deux, lot] = await Promise.all([
      tablette.pousser({ reponsePerdue: true }),
      tablette.pousser({ reponsePerdue: true }),
      tirer(ctx.app, tablette.token, 'controle', { batchSize: 10 }),
      tiers.tirer(),
    ]);
    for (const i of [0, 1]) {
      const statuts = [un.reponse!.resultats[i]!.statut, deux.reponse!.resultats[i]!.statut].sort();
      expect(statuts).toEqual(['ACCEPTE', 'DOUBLON']);
      expect(un.reponse!.resultats[i]!.id).toBe(deux.reponse!.resultats[i]!.id);
    }
    expect(lot.documents.length).toBeGreaterThan(0);
    tablette.appliquer(un.reponse!);
    await verifierAccord(ctx.app, ctx.database.db, tablette, ['double-edit', 'double-new']);
  });

  it('the device clock an hour ahead, then an hour behind: server cursors still order everything', async () => {
    const tablette = await appareil();
    const [c1, c2, bureau] = programmes(tablette);
    const heure = 3_600_000;
    tablette.saisir(c1!, 'avance', {
      date: new Date(Date.now() + heure).toISOString(),
      timestamp: Date.now() + heure,
    });
    await tablette.pousser();
    // The office writes after the tablet, with the server's (earlier) clock.
    await ctx.database.db
      .update(controle)
      .set({ etapeSaisie: 2 })
      .where(eq(controle.id, Number(bureau)));
    tablette.saisir(c2!, 'retard', {
      date: new Date(Date.now() - heure).toISOString(),
      timestamp: Date.now() - heure,
    });
    await tablette.pousser();
    const recus = (await tablette.tirer()).map((d) => d.id);
    // Served in commit order, not in device-time order.
    expect(recus).toEqual([c1, bureau, c2]);
    const [row] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.id, Number(c1)));
    expect(row!.date.getTime()).toBeGreaterThan(Date.now());
    await verifierAccord(ctx.app, ctx.database.db, tablette, ['avance', 'retard']);
  });

  it('the access token expires during a push: 401 before the inbox, refresh, retry ACCEPTE once', async () => {
    const tablette = await appareil();
    const [c] = programmes(tablette);
    tablette.saisir(c!, 'expire');
    const principal = await ctx.app.inject({
      url: '/api/principal',
      headers: bearer(session.accessToken),
    });
    const passe = Math.floor(Date.now() / 1000) - 60;
    tablette.token = await new SignJWT({ roles: ['ROLE_CONTROLEUR'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(principal.json<{ uuid: string }>().uuid)
      .setIssuedAt(passe - 600)
      .setExpirationTime(passe)
      .sign(ctx.config.jwtSecret);
    const avant = await nbInbox();
    // Unauthenticated data cannot be attributed to anybody: refused before the inbox; the
    // tablet keeps it and sends it again after the refresh.
    expect((await tablette.pousser()).statusCode).toBe(401);
    expect(await nbInbox()).toBe(avant);
    expect(await exemplaires(ctx.database.db, 'expire')).toBe(0);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { estive_refresh: session.refreshCookie! },
    });
    tablette.token = refresh.json<{ accessToken: string }>().accessToken;
    expect((await tablette.pousser()).reponse?.resultats[0]!.statut).toBe('ACCEPTE');
    await verifierAccord(ctx.app, ctx.database.db, tablette, ['expire']);
  });

  it('the office cancels one control (CONFLIT, entry applied) and reassigns another (REJETE, entry kept for the office)', async () => {
    const tablette = await appareil();
    const [annule, repris] = programmes(tablette);
    await annuler(ctx.database.db, Number(annule));
    await reaffecter(ctx.database.db, Number(repris), collegue);
    const [avant] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.id, Number(repris)));
    tablette.saisir(annule!, 'conflit-annule');
    tablette.saisir(repris!, 'conflit-repris');
    const { reponse } = await tablette.pousser();
    expect(reponse?.resultats.map((r) => [r.id, r.statut])).toEqual([
      [annule, 'CONFLIT'],
      [repris, 'REJETE'],
    ]);
    expect(reponse?.toRemove).toEqual([]);
    const lignes = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.id, Number(annule)));
    expect(lignes[0]).toMatchObject({
      statut: 'ANNULE',
      conflit: true,
      grille: grilleMarquee('conflit-annule'),
    });
    // No longer his: the new controller's control is untouched (docs/architecture.md §5).
    const [reaffecte] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.id, Number(repris)));
    expect(reaffecte).toEqual(avant);
    const conflits = (await ctx.database.db.select().from(controleConflit)).filter((c) =>
      [annule, repris].includes(String(c.controleId)),
    );
    expect(conflits.map((c) => [String(c.controleId), c.motif]).sort()).toEqual(
      [
        [annule, 'ANNULE'],
        [repris, 'REAFFECTE'],
      ].sort(),
    );
    const gardee = conflits.find((c) => String(c.controleId) === repris);
    expect((gardee?.saisie as { grille: unknown }).grille).toEqual(grilleMarquee('conflit-repris'));
    // Visible to the office as a conflict.
    const animateur = (await login(ctx.app, 'animateur@estive.test')).accessToken;
    const recheck = await ctx.app.inject({
      url: `/api/synchro/controle-recheck?reCheckIds=${annule}`,
      headers: bearer(animateur),
    });
    expect(recheck.json<{ documents: unknown[] }>().documents).toMatchObject([{ conflit: true }]);
    // The refused entry is the office's now (conflict record); this model device sets its copy
    // aside (the real device keeps it flagged on the card: web side). The rest agrees.
    tablette.controles.delete(repris!);
    await verifierAccord(ctx.app, ctx.database.db, tablette, ['conflit-annule']);
    expect(tablette.controles.has(repris!)).toBe(false);
    expect(tablette.controles.get(annule!)).toMatchObject({ statut: 'ANNULE', conflit: true });
  });

  it("scope: another controller's control is REJETE, a foreign right 403, the reassigned control's tombstone arrives", async () => {
    const tablette = await appareil();
    const autre = await appareil();
    // Never the tablet's: the controls it lost to reassignment above are conflicts, not thefts.
    const [vole] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.controleurId, collegue))
      .orderBy(desc(controle.id))
      .limit(1);
    tablette.controles.set(String(vole!.id), {
      id: String(vole!.id),
      _deleted: false,
      version: vole!.version,
      date: vole!.date.toISOString(),
      aopIgp: { id: String(vole!.aopIgpId) },
    });
    tablette.saisir(String(vole!.id), 'vol');
    const { reponse } = await tablette.pousser();
    expect(reponse?.resultats[0]).toMatchObject({
      statut: 'REJETE',
      message: 'Ce contrôle ne vous est pas attribué',
    });
    expect(await exemplaires(ctx.database.db, 'vol')).toBe(0);
    // The tablet keeps its refused entry: nothing is dropped silently.
    expect(tablette.controles.get(String(vole!.id))?.sync).toBe(false);
    tablette.controles.delete(String(vole!.id));

    const auvergne = (await login(ctx.app, 'controleur.auvergne@estive.test')).accessToken;
    const principal = await ctx.app.inject({ url: '/api/principal', headers: bearer(auvergne) });
    const droitEtranger = principal.json<{ droits: { id: string }[] }>().droits[0]!.id;
    expect((await tablette.pousser({ droit: droitEtranger })).statusCode).toBe(403);

    const [cible] = programmes(autre);
    await reaffecter(ctx.database.db, Number(cible), collegue);
    const recus = await autre.tirer();
    expect(recus).toContainEqual({ id: cible, _deleted: true });
    await verifierAccord(ctx.app, ctx.database.db, autre, []);
  });
});
