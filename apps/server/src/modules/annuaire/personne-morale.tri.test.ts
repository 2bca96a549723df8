import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonneMoraleLigne } from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne, lignes } from '../../db/lignes';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirBureau } from '../../test/bureau.test-helpers';

/**
 * The directory without words typed, sorted by each column: the perimeter's walks of the sort
 * keys' indexes (migration 0023), merged, must give exactly what sorting the operators' own rows
 * gives, page after page, with the operators no ODG holds yet among them. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
let ctx: TestContext, animateur: string, odg: number, aop: number;
beforeAll(async () => {
  let droits: string[];
  ({ ctx, animateur, droits } = await ouvrirBureau());
  ({ odg, aop } = await ligne(
    ctx.database.db,
    sql`select d.organisme_id::int as odg, min(a.id)::int as aop from droit d
          join aop_igp a on a.odg_id = d.organisme_id where d.id = ${Number(droits[0])}
         group by d.organisme_id`,
    z.object({ odg: colonne.entier, aop: colonne.entier }),
  ));
  // Operators no ODG holds yet, one with every key, one with none: nulls sort last (first when
  // descending) in both perimeters' walks.
  await ctx.database.db.execute(
    sql`insert into personne_morale (siret, raison_sociale, code_postal, ville, mail, ede) values
          ('81234567800011', 'GAEC du Mont Châteleu', '25650', 'Montbenoît', 'chateleu@exemple.fr', '25411001'),
          ('81234567800029', 'Fromagerie Sans Adresse', null, null, null, null)`,
  );
});
afterAll(() => ctx.close());

type Page = { content: PersonneMoraleLigne[]; totalElements: number };
const ids = async (requete: string) => {
  const res = await ctx.app.inject({
    url: `/api/personne-morale?${requete}`,
    headers: bearer(animateur),
  });
  expect(res.statusCode).toBe(200);
  const page = res.json<Page>();
  return { total: page.totalElements, ids: page.content.map((r) => Number(r.id)) };
};

const COLONNES = {
  raisonSociale: 'raison_sociale',
  siret: 'siret',
  codePostal: 'code_postal',
  ville: 'ville',
  mail: 'mail',
  ede: 'ede',
};
type Champ = keyof typeof COLONNES;

/** Each filter a search without words may have: its query string and its condition on `p`. */
const FILTRES = {
  aucun: () => ({ requete: '', condition: sql`true` }),
  habilités: () => ({ requete: 'isHabilite=true', condition: sql`p.habilite` }),
  'non habilités': () => ({ requete: 'isHabilite=false', condition: sql`not p.habilite` }),
  'sur un label': () => ({
    requete: `aop=${aop}`,
    condition: sql`exists (select 1 from habilitation h
                            where h.personne_morale_id = p.id and h.aop_igp_id = ${aop})`,
  }),
};

/** The operators of the perimeter matching `condition`, from their own rows, in `ordre`. */
async function attendus(condition: SQL, ordre: SQL) {
  const rows = await lignes(
    ctx.database.db,
    sql`select p.id::int as id from personne_morale p
         where p.deleted_at is null and (${odg} = any(p.odg_ids) or p.odg_ids = '{}')
           and ${condition}
         order by ${ordre}`,
    z.object({ id: colonne.entier }),
  );
  return rows.map((r) => r.id);
}

describe('the directory sorted by a column, without words typed', () => {
  const cas = (Object.keys(COLONNES) as Champ[]).flatMap((champ) =>
    (['ASC', 'DESC'] as const).flatMap((sens) =>
      (Object.keys(FILTRES) as (keyof typeof FILTRES)[]).map((filtre) => ({ champ, sens, filtre })),
    ),
  );
  it.each(cas)('sort=$champ,$sens, $filtre: every row, and page 3 of 7', async (c) => {
    const { requete, condition } = FILTRES[c.filtre]();
    // The sort, then the raison sociale, then the id: the API's order.
    const oracle = await attendus(
      condition,
      sql`${sql.identifier(COLONNES[c.champ])} ${sql.raw(c.sens)}, p.raison_sociale, p.id`,
    );
    expect(oracle.length).toBeGreaterThan(7 * 3);
    const sort = `sort=${c.champ},${c.sens}`;
    expect(await ids(`${requete}&${sort}&size=2000`)).toEqual({
      total: oracle.length,
      ids: oracle,
    });
    expect(await ids(`${requete}&${sort}&size=7&page=2`)).toEqual({
      total: oracle.length,
      ids: oracle.slice(14, 21),
    });
  });

  it("with words typed, reads each match's key by id in the same order", async () => {
    const { mot } = await ligne(
      ctx.database.db,
      sql`select left((estive_mots(ville))[1], 4) as mot from personne_morale
           where deleted_at is null and ${odg} = any(odg_ids) and ville is not null
           group by 1 order by count(*) desc limit 1`,
      z.object({ mot: colonne.texte }),
    );
    const oracle = await attendus(
      sql`exists (select 1 from unnest(estive_mots(p.ville)) m where m like ${mot} || '%')`,
      sql`p.code_postal desc, p.raison_sociale, p.id`,
    );
    expect(oracle.length).toBeGreaterThan(7);
    const requete = `ville=${encodeURIComponent(mot.toUpperCase())}&sort=codePostal,DESC`;
    expect(await ids(`${requete}&size=2000`)).toEqual({ total: oracle.length, ids: oracle });
    expect(await ids(`${requete}&size=3&page=1`)).toEqual({
      total: oracle.length,
      ids: oracle.slice(3, 6),
    });
  });

  it('takes a column named twice, and a second sort, from the same walk', async () => {
    const oracle = await attendus(
      sql`true`,
      sql`p.ville desc, p.code_postal, p.raison_sociale, p.id`,
    );
    expect(await ids('sort=ville,DESC&sort=codePostal,ASC&sort=ville,ASC&size=2000')).toEqual({
      total: oracle.length,
      ids: oracle,
    });
  });
});
