import {
  and,
  arrayContains,
  asc,
  eq,
  inArray,
  isNull,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activite, aopIgp, habilitation, personneMorale } from '../../db/schema';

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

/** The term's own LIKE wildcards taken literally. */
const echapper = (terme: string) => terme.replace(/[\\%_]/g, '\\$&');

/** Digits typed in groups ("123 456 789 00012") are one SIRET, as stored. */
const joindreChiffres = (terme: string) => terme.replace(/(\d)\s+(?=\d)/g, '$1');

/**
 * One word of the search: the GIN trigram index on `recherche` finds the candidates (the pattern
 * is normalised by the same immutable function, folded to a constant at planning), `champ`
 * rechecks the field a named filter is about.
 */
function mot(terme: string, champ?: SQL): SQL {
  const motif = sql`'%' || estive_normalise(${echapper(terme)}) || '%'`;
  const index = sql`${personneMorale.recherche} LIKE ${motif}`;
  return champ ? sql`(${index} AND estive_normalise(${champ}) LIKE ${motif})` : index;
}

const mots = (texte: string) => joindreChiffres(texte.trim()).split(/\s+/).filter(Boolean);

function conditionsTexte(f: FiltresOperateur): SQL[] {
  const c: SQL[] = [];
  for (const m of mots(f.q ?? '')) c.push(mot(m));
  const champs: [string | undefined, SQL][] = [
    [f.raisonSociale, sql`${personneMorale.raisonSociale}`],
    [f.codePostal, sql`coalesce(${personneMorale.codePostal}, '')`],
    [f.ville, sql`coalesce(${personneMorale.ville}, '')`],
    [f.mail, sql`coalesce(${personneMorale.mail}, '')`],
  ];
  for (const [valeur, champ] of champs) for (const m of mots(valeur ?? '')) c.push(mot(m, champ));
  const siret = (f.siret ?? '').replace(/\s+/g, '');
  if (siret) c.push(mot(siret, sql`replace(${personneMorale.siret}, ' ', '')`));
  return c;
}

/** One page of the perimeter's operators matching the filters, each row with the total. */
function page(db: Database, odgId: number, f: FiltresOperateur, numero: number, size: number) {
  // The perimeter comes from odg_ids (GIN, ANDed with the trigram index); the habilitation
  // filters, rarer, are checked on the candidates.
  const conditions: SQL[] = [
    isNull(personneMorale.deletedAt),
    sql`${personneMorale.odgIds} @> ARRAY[${odgId}]::bigint[]`,
  ];
  const habilitationsPerimetre = [
    sql`h.personne_morale_id = ${personneMorale.id}`,
    sql`a.odg_id = ${odgId}`,
  ];
  if (f.aopIds?.length)
    habilitationsPerimetre.push(sql`h.aop_igp_id IN (${sql.join(f.aopIds, sql`, `)})`);
  if (f.activiteIds?.length)
    habilitationsPerimetre.push(sql`h.activite_id IN (${sql.join(f.activiteIds, sql`, `)})`);
  const habilitee = sql.join([...habilitationsPerimetre, sql`h.statut = 'VALIDEE'`], sql` AND `);
  const existe = (conds: SQL) =>
    sql`EXISTS (SELECT 1 FROM habilitation h JOIN aop_igp a ON a.id = h.aop_igp_id WHERE ${conds})`;
  if (f.isHabilite === true) conditions.push(existe(habilitee));
  else if (f.aopIds?.length || f.activiteIds?.length)
    conditions.push(existe(sql.join(habilitationsPerimetre, sql` AND `)));
  if (f.isHabilite === false) conditions.push(sql`NOT ${existe(habilitee)}`);
  if (f.exclus?.length) conditions.push(notInArray(personneMorale.id, f.exclus));
  conditions.push(...conditionsTexte(f));
  return db
    .select({
      id: personneMorale.id,
      raisonSociale: personneMorale.raisonSociale,
      siret: personneMorale.siret,
      codePostal: personneMorale.codePostal,
      ville: personneMorale.ville,
      mail: personneMorale.mail,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(personneMorale)
    .where(and(...conditions))
    .orderBy(asc(personneMorale.raisonSociale), asc(personneMorale.id))
    .limit(size)
    .offset(numero * size);
}

export function createOperateursRepository(db: Database) {
  return {
    /**
     * Operators of the perimeter (a habilitation on one of the ODG's labels) matching the filters,
     * sorted by raison sociale; the total comes with the page (one pass over the matches).
     */
    async rechercher(odgId: number, f: FiltresOperateur, numero: number, size: number) {
      const rows = await page(db, odgId, f, numero, size);
      // Past the last match the window count has no row to ride on: count with a first page.
      const total =
        rows[0]?.total ?? (numero === 0 ? 0 : ((await page(db, odgId, f, 0, 1))[0]?.total ?? 0));
      return { rows, total };
    },

    /** The perimeter's labels and activities of the given operators (for the page's rows). */
    habilitations(odgId: number, personneMoraleIds: number[]) {
      if (personneMoraleIds.length === 0) return Promise.resolve([]);
      return db
        .selectDistinct({
          personneMoraleId: habilitation.personneMoraleId,
          aopId: aopIgp.id,
          aopLibelle: aopIgp.libelle,
          activiteId: activite.id,
          activiteLibelle: activite.libelle,
          statut: habilitation.statut,
        })
        .from(habilitation)
        .innerJoin(aopIgp, eq(aopIgp.id, habilitation.aopIgpId))
        .innerJoin(activite, eq(activite.id, habilitation.activiteId))
        .where(
          and(inArray(habilitation.personneMoraleId, personneMoraleIds), eq(aopIgp.odgId, odgId)),
        )
        .orderBy(asc(aopIgp.libelle), asc(activite.libelle));
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
