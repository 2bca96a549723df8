import { FLUX_CURSEUR, TAILLE_LOT_MAX, type Checkpoint } from '@estive/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controle, personneMorale } from '../../db/schema';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';
import { operateurHabilite, reaffecter, utilisateurId } from './fixtures.test-helpers';
import { tirer, toutTirer } from './synchro.test-helpers';

let ctx: TestContext;
let token: string;
type Flux = (typeof FLUX_CURSEUR)[number];
const checkpoints = new Map<Flux, Checkpoint>();

async function nouveautes(liste = checkpoints, droit?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/synchro/nouveautes',
    headers: bearer(token, droit),
    payload: { checkpoints: [...liste].map(([entite, c]) => ({ entite, ...c })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Set(res.json<{ entites: string[] }>().entites);
}

/** What the pulls themselves say: a feed has something new when its next batch is not empty. */
async function selonLesPulls() {
  const avecDuNouveau = new Set<Flux>();
  for (const [entite, checkpoint] of checkpoints) {
    const lot = await tirer(ctx.app, token, entite, { checkpoint, batchSize: 1 });
    if (lot.documents.length > 0) avecDuNouveau.add(entite);
  }
  return avecDuNouveau;
}

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  for (const entite of FLUX_CURSEUR) {
    const taille = TAILLE_LOT_MAX[entite];
    checkpoints.set(
      entite,
      (await toutTirer(ctx.app, token, entite, undefined, taille)).checkpoint,
    );
  }
});
afterAll(() => ctx.close());

describe('POST /api/synchro/nouveautes', () => {
  it('answers exactly the feeds whose next batch is not empty', async () => {
    expect(await nouveautes()).toEqual(new Set());
    expect(await selonLesPulls()).toEqual(new Set());

    const db = ctx.database.db;
    const operateur = await operateurHabilite(db, 1, 2);
    await db
      .update(personneMorale)
      .set({ telephone1: '0102030405' })
      .where(eq(personneMorale.id, Number(operateur.personneMoraleId)));
    // A control taken from the controller: only its tombstone says so.
    const sien = premier(
      await db
        .select()
        .from(controle)
        .where(eq(controle.controleurId, await utilisateurId(db, 'controleur@estive.test')))
        .limit(1),
      'contrôle',
    );
    await reaffecter(db, sien.id, await utilisateurId(db, 'controleur2@estive.test'));

    const attendu = await selonLesPulls();
    expect(attendu).toEqual(new Set(['annuaire-morale', 'controle']));
    expect(await nouveautes()).toEqual(attendu);

    // Pulled to the end again: nothing new.
    for (const entite of attendu) {
      checkpoints.set(
        entite,
        (await toutTirer(ctx.app, token, entite, checkpoints.get(entite), TAILLE_LOT_MAX[entite]))
          .checkpoint,
      );
    }
    expect(await nouveautes()).toEqual(new Set());
  });

  it('treats a checkpoint of another scope, or garbage, as the beginning of the feed', async () => {
    const autres = new Map(checkpoints);
    autres.set('annuaire-morale', { id: '1', lastSync: 'u999o9.1' });
    autres.set('categorie', { id: 'abc', lastSync: '2026-01-01T00:00:00Z' });
    const reponse = await nouveautes(autres);
    expect(reponse).toEqual(new Set(['annuaire-morale', 'categorie']));
    // No checkpoint at all: nothing to compare, nothing answered.
    expect(await nouveautes(new Map())).toEqual(new Set());
  });

  it('checks with the rights of the pulls: a foreign right is 403', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/nouveautes',
      headers: bearer(token, '999999'),
      payload: { checkpoints: [] },
    });
    expect(res.statusCode).toBe(403);
  });
});
