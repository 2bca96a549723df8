import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, ligne, lignes } from '../../db/lignes';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirBureau } from '../../test/bureau.test-helpers';

/**
 * The habilitations screen without words typed, sorted by each column: its page is merged from
 * one walk per statut, and must give exactly what sorting the habilitations' own rows gives, page
 * after page. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let ctx: TestContext, animateur: string, odg: number;
beforeAll(async () => {
  let droits: string[];
  ({ ctx, animateur, droits } = await ouvrirBureau());
  ({ odg } = await ligne(
    ctx.database.db,
    sql`select organisme_id::int as odg from droit where id = ${Number(droits[0])}`,
    z.object({ odg: colonne.entier }),
  ));
});
afterAll(() => ctx.close());

const COLONNES = {
  raisonSociale: sql`p.raison_sociale`,
  aopIgp: sql`a.libelle`,
  statut: sql`h.statut`,
  dateDi: sql`h.date_di`,
};
type Champ = keyof typeof COLONNES;

/** Each statut filter: its query string and its condition (a statut named twice counts once). */
const FILTRES = {
  aucun: { requete: '', condition: sql`true` },
  'en cours, nommé deux fois': {
    requete: 'statut=EN_COURS&statut=EN_COURS',
    condition: sql`h.statut = 'EN_COURS'`,
  },
  'en attente ou habilité': {
    requete: 'statut=EN_ATTENTE&statut=VALIDEE',
    condition: sql`h.statut in ('EN_ATTENTE', 'VALIDEE')`,
  },
};

/** The habilitations on the ODG's labels of operators not anonymised, from their rows, in `ordre`. */
async function attendues(condition: SQL, ordre: SQL) {
  const rows = await lignes(
    ctx.database.db,
    sql`select h.id::text as id from habilitation h
          join aop_igp a on a.id = h.aop_igp_id
          join personne_morale p on p.id = h.personne_morale_id
         where a.odg_id = ${odg} and p.deleted_at is null and ${condition}
         order by ${ordre}`,
    z.object({ id: colonne.texte }),
  );
  return rows.map((r) => r.id);
}

const page = async (requete: string) => {
  const res = await ctx.app.inject({
    url: `/api/habilitation?${requete}`,
    headers: bearer(animateur),
  });
  expect(res.statusCode).toBe(200);
  const corps = res.json<{ totalElements: number; content: { id: string }[] }>();
  return { total: corps.totalElements, ids: corps.content.map((h) => h.id) };
};

describe('the habilitations sorted by a column, without words typed', () => {
  const cas = (Object.keys(COLONNES) as Champ[]).flatMap((champ) =>
    (['ASC', 'DESC'] as const).flatMap((sens) =>
      (Object.keys(FILTRES) as (keyof typeof FILTRES)[]).map((filtre) => ({ champ, sens, filtre })),
    ),
  );
  it.each(cas)('sort=$champ,$sens, $filtre: every row, and page 3 of 7', async (c) => {
    const { requete, condition } = FILTRES[c.filtre];
    // The sort, then the raison sociale, the label and the id: the API's order.
    const oracle = await attendues(
      condition,
      sql`${COLONNES[c.champ]} ${sql.raw(c.sens)}, p.raison_sociale, a.libelle, h.id`,
    );
    expect(oracle.length).toBeGreaterThan(7 * 3);
    const sort = `sort=${c.champ},${c.sens}`;
    expect(await page(`${requete}&${sort}&size=2000`)).toEqual({
      total: oracle.length,
      ids: oracle,
    });
    expect(await page(`${requete}&${sort}&size=7&page=2`)).toEqual({
      total: oracle.length,
      ids: oracle.slice(14, 21),
    });
  });
});
