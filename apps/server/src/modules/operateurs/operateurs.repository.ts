import { and, arrayContains, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, lignesPreparees } from '../../db/lignes';
import {
  criteres,
  operateursCorrespondants,
  PAR_RAISON_SOCIALE,
  type ChampMot,
  type CritereMot,
} from '../../db/mots-operateurs';
import { pageSql } from '../../db/page';
import { personneMorale } from '../../db/schema';

export interface FiltresOperateur {
  q?: string;
  raisonSociale?: string;
  siret?: string;
  codePostal?: string;
  ville?: string;
  mail?: string;
  isHabilite?: boolean;
  aopIds?: number[];
  activiteIds?: number[];
  exclus?: number[];
}

const CHAMPS_NOMMES = [
  ['raisonSociale', 'rs'],
  ['codePostal', 'cp'],
  ['ville', 'ville'],
  ['mail', 'mail'],
  ['siret', 'siret'],
] as const satisfies readonly (readonly [keyof FiltresOperateur, ChampMot])[];

/** `q` in every field, each named filter in its own field. */
const criteresTexte = (f: FiltresOperateur): CritereMot[] => [
  ...criteres(f.q),
  ...CHAMPS_NOMMES.flatMap(([filtre, champ]) => criteres(f[filtre], champ)),
];

/** A habilitation of an operator on one of the perimeter's labels, as the page shows it. */
const habilitationPage = z.object({
  aopId: colonne.entier,
  aopLibelle: colonne.texte,
  activiteId: colonne.entier,
  activiteLibelle: colonne.texte,
  statut: colonne.texte,
});
export type HabilitationPage = z.output<typeof habilitationPage>;

/**
 * A row of `pageSql`: an operator of the page, or, for an empty page, the total alone (its
 * columns null). The empty one is tried first: `colonne.entier` would read a null id as 0.
 */
const lignePage = z.union([
  z.object({ total: colonne.entier, id: z.null() }),
  z.object({
    total: colonne.entier,
    id: colonne.entier,
    raisonSociale: colonne.texte,
    siret: colonne.texte,
    codePostal: colonne.texte.nullable(),
    ville: colonne.texte.nullable(),
    mail: colonne.texte.nullable(),
    habilitations: z.array(habilitationPage),
  }),
]);

/**
 * One page of the perimeter's operators matching the filters, their number, and each one's
 * habilitations on the perimeter's labels, in one query: a search is typed key by key, and each
 * round trip costs the server more than the index read (bench/recherche).
 * The words come from the word index (index-only); the habilitation filters, rarer, are checked on
 * its matches; only the page's rows are read from personne_morale.
 */
/**
 * Ids bound as one array parameter: `in ($1, $2, …)` would make a new statement text, so a new
 * prepared statement on every connection, for each length of the list.
 */
const tableau = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

async function page(
  db: Database,
  odgId: number,
  f: FiltresOperateur,
  numero: number,
  size: number,
) {
  const filtres: SQL[] = [sql`true`];
  const habilitationsPerimetre = [sql`h.personne_morale_id = c.id`, sql`a.odg_id = ${odgId}`];
  if (f.aopIds?.length) habilitationsPerimetre.push(sql`h.aop_igp_id = any(${tableau(f.aopIds)})`);
  if (f.activiteIds?.length)
    habilitationsPerimetre.push(sql`h.activite_id = any(${tableau(f.activiteIds)})`);
  const habilitee = sql.join([...habilitationsPerimetre, sql`h.statut = 'VALIDEE'`], sql` and `);
  const existe = (conds: SQL) =>
    sql`exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id where ${conds})`;
  if (f.isHabilite === true) filtres.push(existe(habilitee));
  else if (f.aopIds?.length || f.activiteIds?.length)
    filtres.push(existe(sql.join(habilitationsPerimetre, sql` and `)));
  if (f.isHabilite === false) filtres.push(sql`not ${existe(habilitee)}`);
  if (f.exclus?.length) filtres.push(sql`c.id <> all(${tableau(f.exclus)})`);
  const correspondants = sql`select * from (${operateursCorrespondants([odgId], criteresTexte(f))}) as c
         where ${sql.join(filtres, sql` and `)}`;
  const lues = await lignesPreparees(
    db,
    sql`select p.total, pm.id, pm.raison_sociale as "raisonSociale", pm.siret,
               pm.code_postal as "codePostal", pm.ville, pm.mail,
               coalesce((select json_agg(h order by h."aopLibelle", h."activiteLibelle")
                           from (select distinct a.id as "aopId", a.libelle as "aopLibelle",
                                        ac.id as "activiteId", ac.libelle as "activiteLibelle",
                                        hb.statut
                                   from habilitation hb
                                   join aop_igp a on a.id = hb.aop_igp_id
                                   join activite ac on ac.id = hb.activite_id
                                  where hb.personne_morale_id = pm.id and a.odg_id = ${odgId}) as h),
                        '[]') as habilitations
          from (${pageSql(correspondants, PAR_RAISON_SOCIALE, numero * size, size)}) as p
          left join personne_morale pm on pm.id = p.id
         order by p.raison_sociale, p.id`,
    lignePage,
  );
  return {
    total: lues[0]?.total ?? 0,
    rows: lues.flatMap((ligne) => {
      if (ligne.id === null) return [];
      const { total: _total, ...operateur } = ligne;
      return [operateur];
    }),
  };
}

/**
 * `generique`: where the search's prepared statement runs with its generic plan
 * (`DatabaseHandle.dbGenerique`); the other queries use `db`.
 */
export function createOperateursRepository(db: Database, generique: Database = db) {
  return {
    /**
     * Operators of the perimeter (a habilitation on one of the ODG's labels) matching the filters,
     * sorted by raison sociale, with their habilitations, and their number.
     */
    rechercher(odgId: number, f: FiltresOperateur, numero: number, size: number) {
      return page(generique, odgId, f, numero, size);
    },

    /** Which of these operators are in the perimeter (to refuse the others in writes). */
    async dansPerimetre(odgId: number, personneMoraleIds: number[]) {
      if (personneMoraleIds.length === 0) return new Set<number>();
      const rows = await db
        .select({ id: personneMorale.id })
        .from(personneMorale)
        .where(
          and(
            inArray(personneMorale.id, personneMoraleIds),
            arrayContains(personneMorale.odgIds, [odgId]),
            isNull(personneMorale.deletedAt),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type OperateursRepository = ReturnType<typeof createOperateursRepository>;
