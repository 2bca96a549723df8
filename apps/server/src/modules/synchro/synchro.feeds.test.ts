import { ENTITES_SYNCHRO } from '@estive/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, ligne } from '../../db/lignes';
import { controle, droit, tournee } from '../../db/schema';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';
import { DEBUT } from './cursor';
import { reaffecter, utilisateurId } from './fixtures.test-helpers';
import { lireLot } from './feeds.repository';
import { tirer, toutTirer } from './synchro.test-helpers';

let ctx: TestContext;
let token: string;
let moi: number;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  moi = await utilisateurId(ctx.database.db, 'controleur@estive.test');
});
afterAll(() => ctx.close());

describe('GET /api/synchro/{entity}', () => {
  it('answers every feed of the spec, documents with string ids and a checkpoint', async () => {
    for (const entite of ENTITES_SYNCHRO) {
      const res = await ctx.app.inject({ url: `/api/synchro/${entite}`, headers: bearer(token) });
      expect(res.statusCode, entite).toBe(200);
      const body = res.json<{ documents: { id: unknown }[]; checkpoint: { id: string } }>();
      expect(typeof body.checkpoint.id, entite).toBe('string');
      for (const d of body.documents) expect(typeof d.id).toBe('string');
    }
  });

  it('caps batches (10 controls) and continues exactly after the checkpoint', async () => {
    const lot = await tirer(ctx.app, token, 'controle', { batchSize: 500 });
    expect(lot.documents).toHaveLength(10);
    const enUneFois = await toutTirer(ctx.app, token, 'controle', undefined, 10);
    const parDeux = await toutTirer(ctx.app, token, 'controle', undefined, 2);
    const ids = parDeux.documents.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(enUneFois.documents.map((d) => d.id));
    // Echoing the last checkpoint answers nothing new.
    expect(
      (await tirer(ctx.app, token, 'controle', { checkpoint: parDeux.checkpoint })).documents,
    ).toEqual([]);
  });

  it('gives a controller his controls and rounds only, the directory of his perimeter', async () => {
    const controles = (await toutTirer(ctx.app, token, 'controle', undefined, 10)).documents;
    const mesControles = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.controleurId, moi));
    expect(controles.map((c) => Number(c.id)).sort((a, b) => a - b)).toEqual(
      mesControles.map((c) => c.id).sort((a, b) => a - b),
    );
    const first = controles[0];
    expect(typeof (first!.odgRef as { raisonSociale: unknown }).raisonSociale).toBe('string');
    expect(typeof (first!.organisme as { raisonSociale: unknown }).raisonSociale).toBe('string');
    expect((first!.referentiels as unknown[]).length).toBeGreaterThan(0);
    const tournees = (await toutTirer(ctx.app, token, 'tournee', undefined, 10)).documents;
    expect(tournees.every((t) => t.controleurId === String(moi))).toBe(true);
    const annuaire = (await toutTirer(ctx.app, token, 'annuaire-morale', undefined, 200)).documents;
    const attendu = await ligne(
      ctx.database.db,
      sql`select count(distinct h.personne_morale_id)::int as n from habilitation h
            join aop_igp a on a.id = h.aop_igp_id where a.odg_id = 1`,
      z.object({ n: colonne.entier }),
    );
    expect(annuaire).toHaveLength(attendu.n);
  });

  it('carries previous open shortcomings into the control of a revisited operator', async () => {
    const controles = (await toutTirer(ctx.app, token, 'controle', undefined, 10)).documents;
    const avecManquements = controles.filter(
      (c) => c.statut === 'PROGRAMME' && (c.dernierManquements as unknown[]).length > 0,
    );
    expect(avecManquements.length).toBeGreaterThan(0);
  });

  it("gives the office its perimeter's controls, and 403 on somebody else's right", async () => {
    const animateur = (await login(ctx.app, 'animateur@estive.test')).accessToken;
    const controles = (await toutTirer(ctx.app, animateur, 'controle', undefined, 10)).documents;
    const [n] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(controle)
      .where(eq(controle.odgId, 1));
    expect(controles).toHaveLength(n!.n);
    const [droitAuvergne] = await ctx.database.db
      .select()
      .from(droit)
      .where(
        eq(
          droit.utilisateurId,
          await utilisateurId(ctx.database.db, 'controleur.auvergne@estive.test'),
        ),
      );
    const res = await ctx.app.inject({
      url: '/api/synchro/controle',
      headers: bearer(token, String(droitAuvergne!.id)),
    });
    expect(res.statusCode).toBe(403);
  });

  it('sends a tombstone to the controller whose control was reassigned, the control to the other', async () => {
    const autre = await utilisateurId(ctx.database.db, 'controleur2@estive.test');
    const tokenAutre = (await login(ctx.app, 'controleur2@estive.test')).accessToken;
    const moiAvant = await toutTirer(ctx.app, token, 'controle', undefined, 10);
    const autreAvant = await toutTirer(ctx.app, tokenAutre, 'controle', undefined, 10);
    const cible = moiAvant.documents.find((d) => d.statut === 'PROGRAMME')!;
    await reaffecter(ctx.database.db, Number(cible.id), autre);
    const moiApres = await toutTirer(ctx.app, token, 'controle', moiAvant.checkpoint, 10);
    expect(moiApres.documents).toEqual([{ id: cible.id, _deleted: true }]);
    const autreApres = await toutTirer(ctx.app, tokenAutre, 'controle', autreAvant.checkpoint, 10);
    expect(autreApres.documents).toMatchObject([
      { id: cible.id, _deleted: false, controleurId: String(autre) },
    ]);
    // And back: the row itself wins over the old tombstone.
    await reaffecter(ctx.database.db, Number(cible.id), moi);
    const retour = await toutTirer(ctx.app, token, 'controle', moiApres.checkpoint, 10);
    expect(retour.documents).toMatchObject([{ id: cible.id, _deleted: false }]);
  });

  it('serves a cancelled or soft-deleted round as _deleted', async () => {
    const avant = await toutTirer(ctx.app, token, 'tournee', undefined, 10);
    const [t] = await ctx.database.db
      .select()
      .from(tournee)
      .where(and(eq(tournee.controleurId, moi), isNull(tournee.deletedAt)))
      .limit(1);
    await ctx.database.db.update(tournee).set({ statut: 'ANNULE' }).where(eq(tournee.id, t!.id));
    const apres = await toutTirer(ctx.app, token, 'tournee', avant.checkpoint, 10);
    expect(apres.documents).toEqual([{ id: String(t!.id), _deleted: true }]);
  });

  it('rechecks the controls a device holds: repeated or comma-separated ids, _deleted when foreign', async () => {
    const mien = (await tirer(ctx.app, token, 'controle')).documents[1];
    const collegue = await utilisateurId(ctx.database.db, 'controleur2@estive.test');
    const [etranger] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.controleurId, collegue))
      .limit(1);
    const urls = [
      `/api/synchro/controle-recheck?reCheckIds=${mien!.id},${etranger!.id},99999999`,
      `/api/synchro/controle-recheck?reCheckIds=${mien!.id}&reCheckIds=${etranger!.id}&reCheckIds=99999999`,
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ url, headers: bearer(token) });
      expect(res.json<{ documents: unknown[] }>().documents).toMatchObject([
        { id: mien!.id, _deleted: false },
        { id: String(etranger!.id), _deleted: true },
        { id: '99999999', _deleted: true },
      ]);
    }
  });

  it('restarts a feed on a checkpoint of another scope or not made by the server', async () => {
    const premier = await tirer(ctx.app, token, 'categorie');
    const etranger = { id: '0', lastSync: `u999o1.${premier.checkpoint.lastSync.split('.')[1]}` };
    expect(
      (await tirer(ctx.app, token, 'categorie', { checkpoint: etranger })).documents,
    ).toHaveLength(premier.documents.length);
    const date = { id: '5', lastSync: new Date().toISOString() };
    expect((await tirer(ctx.app, token, 'categorie', { checkpoint: date })).documents).toHaveLength(
      premier.documents.length,
    );
  });
});

describe('the xmin rule', () => {
  it('never serves a row of a transaction still running, then serves it once committed', async () => {
    const { db } = ctx.database;
    const [cible] = await db.select().from(controle).where(eq(controle.controleurId, moi)).limit(1);
    const portee = { utilisateurId: moi, odgId: 1, controleur: true };
    const tout = async () => (await lireLot(db, 'controle', portee, DEBUT, 1000)).map((l) => l.id);
    // The tail of the feed before the write: the row sits somewhere in the seed's transaction.
    expect(await tout()).toContain(cible!.id);
    await db.transaction(async (tx) => {
      await tx.update(controle).set({ etapeSaisie: 2 }).where(eq(controle.id, cible!.id));
      // Inside the writing transaction its own xid is the snapshot's xmin: the row is held back,
      // whereas a plain `change_xid > cursor` query would hand it out before it commits.
      const pendant = await lireLot(tx, 'controle', portee, DEBUT, 1000);
      expect(pendant.map((l) => l.id)).not.toContain(cible!.id);
      const { xid, xmin } = await ligne(
        tx,
        sql`select change_xid::text as xid, pg_snapshot_xmin(pg_current_snapshot())::text as xmin
              from controle where id = ${cible!.id}`,
        z.object({ xid: colonne.texte, xmin: colonne.texte }),
      );
      expect(BigInt(xid)).toBeGreaterThanOrEqual(BigInt(xmin));
    });
    expect((await tout()).at(-1)).toBe(cible!.id);
  });
});
