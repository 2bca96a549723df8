import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colonne, ligne, lignes } from '../../db/lignes';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createOperateursRepository, type FiltresOperateur } from './operateurs.repository';

/**
 * The basket's search runs its prepared statement on `dbGenerique` (on PostgreSQL a pool whose
 * sessions use generic plans): the same pages as on the main pool, for the five kinds of
 * bench/recherche, on an ODG's sample of operators.
 */
let ctx: TestContext;
let odgId: number;
const echantillon = z.object({
  raison_sociale: colonne.texte,
  siret: colonne.texte,
  ville: colonne.texte,
  code_postal: colonne.texte,
  nom: colonne.texte.nullable(),
});
let operateurs: z.output<typeof echantillon>[];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  ({ id: odgId } = await ligne(
    db,
    sql`select odg_id as id from operateur_mot where mot = '' and odg_id <> 0
         group by odg_id order by count(*) desc limit 1`,
    z.object({ id: colonne.entier }),
  ));
  operateurs = await lignes(
    db,
    sql`select pm.raison_sociale, pm.siret, pm.ville, pm.code_postal, pm.nom
          from personne_morale pm
         where ${odgId} = any(pm.odg_ids) and pm.ville is not null and pm.code_postal is not null
         order by md5(pm.id::text) limit 12`,
    echantillon,
  );
});
afterAll(() => ctx.close());

const sansAccent = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The five kinds of bench/recherche, each with its page size. */
const genres: [string, (o: z.output<typeof echantillon>) => [FiltresOperateur, number]][] = [
  [
    'q raison sociale',
    (o) => [{ q: sansAccent(o.raison_sociale.split(' ').at(-1) ?? '').toLowerCase() }, 10],
  ],
  [
    'q siret groupé',
    (o) => [
      {
        q: `${o.siret.slice(0, 3)} ${o.siret.slice(3, 6)} ${o.siret.slice(6, 9)} ${o.siret.slice(9)}`,
      },
      10,
    ],
  ],
  [
    'q nom + ville',
    (o) => [
      {
        q: `${(o.nom ?? o.raison_sociale).slice(0, 5)} ${sansAccent(o.ville).toUpperCase().slice(0, 6)}`,
      },
      10,
    ],
  ],
  [
    'filtres ville + raison sociale',
    (o) => [
      { ville: sansAccent(o.ville), raisonSociale: o.raison_sociale.split(' ')[0] ?? '' },
      10,
    ],
  ],
  ['code postal, page 50', (o) => [{ codePostal: o.code_postal }, 50]],
];

describe('the search on the generic-plan pool', () => {
  it.each(genres)('%s: the same pages as on the main pool', async (_genre, filtres) => {
    const principal = createOperateursRepository(ctx.database.db);
    const generique = createOperateursRepository(ctx.database.db, ctx.database.dbGenerique);
    expect(operateurs.length).toBeGreaterThan(5);
    let trouves = 0;
    for (const o of operateurs) {
      const [f, size] = filtres(o);
      // Twice on the generic pool: the second run reuses the statement and its plan.
      const attendu = await principal.rechercher(odgId, f, 0, size);
      expect(await generique.rechercher(odgId, f, 0, size)).toEqual(attendu);
      expect(await generique.rechercher(odgId, f, 0, size)).toEqual(attendu);
      trouves += attendu.total;
    }
    // Each sample operator finds itself at least: the comparison is not of empty pages.
    expect(trouves).toBeGreaterThanOrEqual(operateurs.length);
  });
});

// Only where the suite runs on PostgreSQL (DATABASE_URL): PGlite has one session and no names.
if (process.env.DATABASE_URL) {
  describe('the generic-plan pool, on PostgreSQL', () => {
    it('uses generic plans there, and only there', async () => {
      const mode = z.object({ plan_cache_mode: z.string() });
      const generique = await ligne(ctx.database.dbGenerique, sql`show plan_cache_mode`, mode);
      const principal = await ligne(ctx.database.db, sql`show plan_cache_mode`, mode);
      expect(generique.plan_cache_mode).toBe('force_generic_plan');
      expect(principal.plan_cache_mode).toBe('auto');
    });
  });
}
