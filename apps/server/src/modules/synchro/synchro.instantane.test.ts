import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantaneAnnuaireSchema, type InstantaneAnnuaire } from '@estive/contracts';
import { colonne, lignes } from '../../db/lignes';
import { controle, personneMorale } from '../../db/schema';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';
import { operateurHabilite, reaffecter, utilisateurId } from './fixtures.test-helpers';
import { toutTirer, type DocTire } from './synchro.test-helpers';

let ctx: TestContext;
let controleur: string;
let auvergne: string;

beforeAll(async () => {
  ctx = await createTestApp();
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  auvergne = (await login(ctx.app, 'controleur.auvergne@estive.test')).accessToken;
});
afterAll(() => ctx.close());

async function manifeste(token: string): Promise<InstantaneAnnuaire> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/synchro/annuaire-morale/instantane',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return instantaneAnnuaireSchema.parse(res.json());
}

async function partie(token: string, cle: string, numero: number, encodage = 'gzip, br') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/synchro/annuaire-morale/instantane/${cle}/${numero}`,
    headers: { ...bearer(token), 'accept-encoding': encodage },
  });
}

const ligneDoc = z.looseObject({ id: z.string(), _deleted: z.literal(false) });

/** Every part of the snapshot, decompressed as a browser does, one document per line. */
async function documentsDe(token: string, m: InstantaneAnnuaire) {
  const docs: DocTire[] = [];
  for (let i = 0; i < m.parties; i++) {
    const cle = m.cle ?? '';
    const res = await partie(token, cle, i);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const texte = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(texte.endsWith('\n')).toBe(true);
    for (const l of texte.split('\n').filter(Boolean)) docs.push(ligneDoc.parse(JSON.parse(l)));
  }
  return docs;
}

/** A device's directory after these documents, in order: the last document of an id wins. */
function etat(...suites: DocTire[][]) {
  const parId = new Map<string, DocTire>();
  for (const d of suites.flat()) {
    if (d._deleted) parId.delete(d.id);
    else parId.set(d.id, d);
  }
  return parId;
}

const tri = (m: Map<string, DocTire>) => [...m.values()].sort((a, b) => a.id.localeCompare(b.id));

describe('GET /api/synchro/annuaire-morale/instantane', () => {
  it('snapshot + feed from its checkpoint = the feed from its beginning, document for document', async () => {
    const m = await manifeste(controleur);
    expect(m.cle).toMatch(/^o\d+-/);
    const snapshot = await documentsDe(controleur, m);
    expect(snapshot.length).toBe(m.nombre);
    expect(snapshot.length).toBeGreaterThan(0);
    const suite = await toutTirer(ctx.app, controleur, 'annuaire-morale', m.checkpoint, 200);
    const pagine = await toutTirer(ctx.app, controleur, 'annuaire-morale', undefined, 200);
    expect(tri(etat(snapshot, m.documents, suite.documents))).toEqual(tri(etat(pagine.documents)));
    // The snapshot is the bulk: the feed after it has nothing left to say.
    expect(suite.documents).toEqual([]);
  });

  it("never holds another ODG's operators, and another ODG's key is not found", async () => {
    const m = await manifeste(auvergne);
    const ids = (await documentsDe(auvergne, m)).map((d) => Number(d.id));
    const odg = Number(/^o(\d+)-/.exec(m.cle ?? '')?.[1]);
    const hors = await lignes(
      ctx.database.db,
      sql`select t.id from personne_morale t
           where t.id = any(${`{${ids.join(',')}}`}::bigint[])
             and not coalesce(t.odg_ids @> array[${odg}]::bigint[], false)`,
      z.object({ id: colonne.entier }),
    );
    expect(hors).toEqual([]);
    const duComte = await manifeste(controleur);
    expect(duComte.cle).not.toBe(m.cle);
    const res = await partie(auvergne, duComte.cle ?? '', 0);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toMatch(/annuaire a changé/);
    expect(res.body).not.toContain('raisonSociale');
  });

  it('serves the same stored bytes to every device until a write changes the key', async () => {
    const avant = await manifeste(controleur);
    const cle = avant.cle ?? '';
    const une = await partie(controleur, cle, 0, 'gzip');
    const deux = await partie(controleur, cle, 0, 'gzip');
    expect(une.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(une.rawPayload, deux.rawPayload)).toBe(0);
    const brute = await partie(controleur, cle, 0, 'identity');
    expect(brute.headers['content-encoding']).toBeUndefined();
    expect(brute.body).toBe(zlib.gunzipSync(une.rawPayload).toString('utf8'));

    const operateur = await operateurHabilite(ctx.database.db, 1, 3);
    await ctx.database.db
      .update(personneMorale)
      .set({ telephone1: '0999999999' })
      .where(eq(personneMorale.id, Number(operateur.personneMoraleId)));

    const apres = await manifeste(controleur);
    expect(apres.cle).not.toBe(cle);
    expect((await partie(controleur, cle, 0)).statusCode).toBe(404);
    const modifie = (await documentsDe(controleur, apres)).find(
      (d) => d.id === operateur.personneMoraleId,
    );
    expect(modifie?.telephone1).toBe('0999999999');
    // A device that took the old snapshot resumes from its checkpoint and gets the change.
    const suite = await toutTirer(ctx.app, controleur, 'annuaire-morale', avant.checkpoint, 200);
    expect(suite.documents.map((d) => [d.id, d.telephone1])).toContainEqual([
      operateur.personneMoraleId,
      '0999999999',
    ]);
  });

  it("gives a controller the operators of his controls outside the perimeter's habilitations", async () => {
    const db = ctx.database.db;
    const sien = premier(
      await db
        .select()
        .from(controle)
        .where(eq(controle.controleurId, await utilisateurId(db, 'controleur@estive.test')))
        .limit(1),
      'contrôle',
    );
    // An operator of another ODG only, given one of his controls.
    const ailleurs = await operateurHabilite(db, 2, 0);
    await db
      .update(controle)
      .set({ personneMoraleId: Number(ailleurs.personneMoraleId) })
      .where(eq(controle.id, sien.id));
    const m = await manifeste(controleur);
    const snapshot = await documentsDe(controleur, m);
    expect(snapshot.map((d) => d.id)).not.toContain(ailleurs.personneMoraleId);
    expect(m.documents.map((d) => d.id)).toContain(ailleurs.personneMoraleId);
    const suite = await toutTirer(ctx.app, controleur, 'annuaire-morale', m.checkpoint, 200);
    const pagine = await toutTirer(ctx.app, controleur, 'annuaire-morale', undefined, 200);
    expect(tri(etat(snapshot, m.documents, suite.documents))).toEqual(tri(etat(pagine.documents)));
  });

  it('refuses a forged key and an unauthenticated caller', async () => {
    const m = await manifeste(controleur);
    expect((await partie(controleur, `${m.cle ?? ''}9`, 0)).statusCode).toBe(404);
    expect((await partie(controleur, m.cle ?? '', m.parties)).statusCode).toBe(404);
    expect((await partie(controleur, 'o1-abc', 0)).statusCode).toBe(400);
    const anonyme = await ctx.app.inject({
      method: 'GET',
      url: `/api/synchro/annuaire-morale/instantane/${m.cle ?? ''}/0`,
    });
    expect(anonyme.statusCode).toBe(401);
  });
});

describe('POST /api/synchro/nouveautes with reCheckIds', () => {
  it('names only the held controls that are gone or no longer the caller’s', async () => {
    const db = ctx.database.db;
    const moi = await utilisateurId(db, 'controleur@estive.test');
    const siens = await db.select().from(controle).where(eq(controle.controleurId, moi)).limit(2);
    const garde = premier(siens);
    const donne = premier(siens.slice(1));
    await reaffecter(db, donne.id, await utilisateurId(db, 'controleur2@estive.test'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/nouveautes',
      headers: bearer(controleur),
      payload: { checkpoints: [], reCheckIds: [String(garde.id), String(donne.id), '999999999'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ entites: [], supprimes: [String(donne.id), '999999999'] });
    const sans = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/nouveautes',
      headers: bearer(controleur),
      payload: { checkpoints: [] },
    });
    expect(sans.json()).toEqual({ entites: [] });
  });
});
