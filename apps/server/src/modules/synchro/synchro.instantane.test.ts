import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { instantaneAnnuaireSchema, type InstantaneAnnuaire } from '@estive/contracts';
import { colonne, lignes } from '../../db/lignes';
import { controle, personneMorale } from '../../db/schema';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';
import { operateurHabilite, reaffecter, utilisateurId } from './fixtures.test-helpers';
import type { Acteur } from '../../lib/acteur';
import { odgsAvecAnnuaire, versionAnnuaire } from './instantane.repository';
import { createInstantaneService, INTERVALLE_RECONSTRUCTION_MS } from './instantane.service';
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

/** A write on an operator of the Comté perimeter: the directory's data version moves. */
async function ecrireTelephone(telephone: string) {
  const operateur = await operateurHabilite(ctx.database.db, 1, 3);
  await ctx.database.db
    .update(personneMorale)
    .set({ telephone1: telephone })
    .where(eq(personneMorale.id, Number(operateur.personneMoraleId)));
  return operateur;
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

  it('serves the same stored bytes to every device, through the writes that follow', async () => {
    const avant = await manifeste(controleur);
    const cle = avant.cle ?? '';
    const une = await partie(controleur, cle, 0, 'gzip');
    const deux = await partie(controleur, cle, 0, 'gzip');
    expect(une.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(une.rawPayload, deux.rawPayload)).toBe(0);
    const brute = await partie(controleur, cle, 0, 'identity');
    expect(brute.headers['content-encoding']).toBeUndefined();
    expect(brute.body).toBe(zlib.gunzipSync(une.rawPayload).toString('utf8'));

    const operateur = await ecrireTelephone('0999999999');
    // Younger than the rebuild interval: the same snapshot, and the write comes by the feed.
    const apres = await manifeste(controleur);
    expect(apres.cle).toBe(cle);
    expect(apres.checkpoint).toEqual(avant.checkpoint);
    expect((await partie(controleur, cle, 0)).statusCode).toBe(200);
    const suite = await toutTirer(ctx.app, controleur, 'annuaire-morale', apres.checkpoint, 200);
    expect(suite.documents.map((d) => [d.id, d.telephone1])).toContainEqual([
      operateur.personneMoraleId,
      '0999999999',
    ]);
  });

  it('is built again once the data moved and the interval passed; the replaced one still answers', async () => {
    const avant = await manifeste(controleur);
    const cle = avant.cle ?? '';
    const operateur = await ecrireTelephone('0988888888');
    vi.useFakeTimers({ toFake: ['Date'] });
    let apres = avant;
    try {
      vi.setSystemTime(Date.now() + INTERVALLE_RECONSTRUCTION_MS);
      // The request that finds it stale is served at once; the next build runs behind it.
      expect((await manifeste(controleur)).cle).toBe(cle);
      for (let i = 0; i < 400 && apres.cle === cle; i++) {
        await new Promise((r) => setTimeout(r, 25));
        apres = await manifeste(controleur);
      }
    } finally {
      vi.useRealTimers();
    }
    expect(apres.cle).not.toBe(cle);
    const modifie = (await documentsDe(controleur, apres)).find(
      (d) => d.id === operateur.personneMoraleId,
    );
    expect(modifie?.telephone1).toBe('0988888888');
    // A device halfway through the replaced snapshot takes its remaining parts.
    const ancienne = await partie(controleur, cle, avant.parties - 1);
    expect(ancienne.statusCode).toBe(200);
    expect(ancienne.headers['content-encoding']).toBe('br');
    // And nothing older than the one replaced.
    expect((await partie(controleur, `${cle}9`, 0)).statusCode).toBe(404);
  });

  it('is built at start for every ODG with a directory, before a device asks', async () => {
    const db = ctx.database.db;
    const acteur = (organismeId: number): Acteur => ({
      utilisateurId: 0,
      uuid: 'prechauffage',
      roles: ['ROLE_ANIMATEUR'],
      droitActif: { id: 0, organismeId, type: 'ODG', siret: null },
    });
    const odgs = await odgsAvecAnnuaire(db);
    expect(odgs.length).toBeGreaterThan(1);
    const prechauffe = createInstantaneService(db);
    await prechauffe.prechauffer(() => false);
    const arrete = createInstantaneService(db);
    await arrete.prechauffer(() => true);
    const versionAvant = await versionAnnuaire(db);
    await ecrireTelephone(`09${String(Date.now()).slice(-8)}`);
    const versionApres = await versionAnnuaire(db);
    for (const odg of odgs) {
      // The prewarmed service serves what it built before the write; the stopped one builds now.
      expect((await prechauffe.manifeste(acteur(odg))).cle).toBe(`o${odg}-${versionAvant}`);
      expect((await arrete.manifeste(acteur(odg))).cle).toBe(`o${odg}-${versionApres}`);
    }
  });

  it('compresses each part again at brotli’s best behind the quick one, to the same text', async () => {
    const db = ctx.database.db;
    const odg = (await odgsAvecAnnuaire(db))[0] ?? 0;
    const acteur: Acteur = {
      utilisateurId: 0,
      uuid: 'affinage',
      roles: ['ROLE_ANIMATEUR'],
      droitActif: { id: 0, organismeId: odg, type: 'ODG', siret: null },
    };
    const service = createInstantaneService(db, { affiner: true });
    const m = await service.manifeste(acteur);
    const premiere = await service.partie(acteur, m.cle ?? '', 0);
    const rapide = await premiere.br;
    // Seconds of CPU for a part of the demo's directory, longer on a loaded machine.
    const meilleur = await vi.waitFor(
      async () => {
        const br = await (await service.partie(acteur, m.cle ?? '', 0)).br;
        if (br === rapide) throw new Error('pas encore recompressée');
        return br;
      },
      { timeout: 100_000, interval: 50 },
    );
    expect(meilleur.length).toBeLessThan(rapide.length);
    expect(zlib.brotliDecompressSync(meilleur).equals(zlib.brotliDecompressSync(rapide))).toBe(
      true,
    );
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
