import { and, arrayContains, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  criteres,
  operateursCorrespondants,
  pageParRaisonSociale,
  type ChampMot,
  type CritereMot,
} from '../../db/mots-operateurs';
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

/**
 * One page of the perimeter's operators matching the filters, and their number. The words come
 * from the word index (index-only); the habilitation filters, rarer, are checked on its matches;
 * only the page's rows are read from personne_morale.
 */
async function page(
  db: Database,
  odgId: number,
  f: FiltresOperateur,
  numero: number,
  size: number,
) {
  const filtres: SQL[] = [sql`true`];
  const habilitationsPerimetre = [sql`h.personne_morale_id = c.id`, sql`a.odg_id = ${odgId}`];
  if (f.aopIds?.length) habilitationsPerimetre.push(sql`h.aop_igp_id in ${f.aopIds}`);
  if (f.activiteIds?.length) habilitationsPerimetre.push(sql`h.activite_id in ${f.activiteIds}`);
  const habilitee = sql.join([...habilitationsPerimetre, sql`h.statut = 'VALIDEE'`], sql` and `);
  const existe = (conds: SQL) =>
    sql`exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id where ${conds})`;
  if (f.isHabilite === true) filtres.push(existe(habilitee));
  else if (f.aopIds?.length || f.activiteIds?.length)
    filtres.push(existe(sql.join(habilitationsPerimetre, sql` and `)));
  if (f.isHabilite === false) filtres.push(sql`not ${existe(habilitee)}`);
  if (f.exclus?.length) filtres.push(sql`c.id not in ${f.exclus}`);
  const { total, ids } = await pageParRaisonSociale(
    db,
    sql`select * from (${operateursCorrespondants([odgId], criteresTexte(f))}) as c
         where ${sql.join(filtres, sql` and `)}`,
    numero * size,
    size,
  );
  const rows = ids.length
    ? await db
        .select({
          id: personneMorale.id,
          raisonSociale: personneMorale.raisonSociale,
          siret: personneMorale.siret,
          codePostal: personneMorale.codePostal,
          ville: personneMorale.ville,
          mail: personneMorale.mail,
        })
        .from(personneMorale)
        .where(inArray(personneMorale.id, ids))
        .orderBy(asc(personneMorale.raisonSociale), asc(personneMorale.id))
    : [];
  return { rows, total };
}

export function createOperateursRepository(db: Database) {
  return {
    /**
     * Operators of the perimeter (a habilitation on one of the ODG's labels) matching the filters,
     * sorted by raison sociale, and their number.
     */
    rechercher(odgId: number, f: FiltresOperateur, numero: number, size: number) {
      return page(db, odgId, f, numero, size);
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
