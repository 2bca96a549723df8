import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controle, manquement } from '../db/schema';
import type { TestContext } from '../test/test-app';
import { ouvrirConnecte } from '../test/bureau.test-helpers';
import { grilleAvecNc, pointsDuLabel } from '../modules/synchro/fixtures.test-helpers';
import { premierControle } from '../modules/synchro/synchro.test-helpers';
import { creerDerivation } from './derivation';

let ctx: TestContext, token: string;
beforeAll(async () => {
  ({ ctx, token } = await ouvrirConnecte());
});
afterAll(() => ctx.close());

describe('npm run manquements:deriver', () => {
  it('creates the shortcomings of a control stored before the server derived them, once', async () => {
    const db = ctx.database.db;
    const doc = await premierControle(ctx.app, token);
    const aop = doc.aopIgp as { id: string; libelle: string };
    const points = (await pointsDuLabel(db, aop.id, 2)).map((p) => ({ ...p, aop }));
    // As an older server stored it: the entry, no shortcoming rows.
    await db
      .update(controle)
      .set({ statut: 'REALISE', resultat: 'NON_CONFORME', grille: grilleAvecNc('ancien', points) })
      .where(eq(controle.id, Number(doc.id)));
    const lignes = () =>
      db
        .select()
        .from(manquement)
        .where(eq(manquement.controleId, Number(doc.id)));
    expect(await lignes()).toEqual([]);

    const vus: [number, number][] = [];
    const n = await creerDerivation(db)((faits, total) => vus.push([faits, total]));
    expect(n).toBeGreaterThanOrEqual(1);
    expect(vus.at(-1)).toEqual([n, n]);
    const apres = await lignes();
    expect(apres.map((l) => [String(l.pointControleId), l.etat])).toEqual(
      points.map((p) => [p.id, 'EN_COURS']),
    );

    await creerDerivation(db)();
    expect(await lignes()).toEqual(apres);
  });
});
