import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { annuaireDocumentSchema } from '@estive/contracts';
import type { Database } from '../../db/client';
import { colonne, ligne, lignes } from '../../db/lignes';
import { dejaJson, objetJson, tableauJson } from '../../db/json-texte';
import { fichier, manquement, tournee, tourneeOperateur } from '../../db/schema';
import { listeSql } from '../../db/listes';

/**
 * A directory document as JSON text built by PostgreSQL in the shape of `annuaireDocumentSchema`,
 * read back by id (a delta's few rows, not the batch's hot path, which passes the text as it is):
 * parsed by its contract's schema, so its type is proven, not asserted.
 */
const ligneDocumentAnnuaire = z.object({
  d: colonne.texte.transform((t): unknown => JSON.parse(t)).pipe(annuaireDocumentSchema),
});
/** A directory batch: one aggregate row; `[]` and no end (null) when the batch is empty. */
const ligneLotAnnuaire = z.object({
  /** `tableauJson` coalesces an empty aggregate to `[]`. */
  documents: colonne.texte,
  nombre: colonne.entier,
  xid: colonne.texte.nullable(),
  id: colonne.entier.nullable(),
});

export const fichierResume = {
  id: fichier.id,
  fileName: fichier.fileName,
  typeDocument: fichier.typeDocument,
  dateCreation: fichier.dateCreation,
  personneMoraleId: fichier.personneMoraleId,
  habilitationId: fichier.habilitationId,
  controleId: fichier.controleId,
};

const fichierJson = (f: string) =>
  objetJson([
    ['id', sql.raw(`${f}.id::text`)],
    ['fileName', sql.raw(`${f}.file_name`)],
    ['typeDocument', sql.raw(`${f}.type_document`)],
    [
      'dateCreation',
      sql.raw(`to_char(${f}.date_creation at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    ],
  ]);

/** `m.<column>` for each of these keys (camelCase key → snake_case column unless given). */
const colonnes = (alias: string, cles: string[]) =>
  cles.map(
    (cle) =>
      [cle, sql.raw(`${alias}.${cle.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`)] as const,
  );

/**
 * The directory document of operator `m`, as JSON text built by PostgreSQL: its labels, sites,
 * contacts and files. Keys in the order of `annuaireDocumentSchema` (the route's schema: the text
 * is what its serialiser would write); ids as text, `date` as YYYY-MM-DD, file dates as
 * `toISOString()` (UTC, milliseconds), sub-lists in id order (the operator's files newest first).
 */
const documentAnnuaire = objetJson([
  ['id', sql`m.id::text`],
  ['_deleted', sql`false`],
  ['version', sql`m.version`],
  ['type', sql`m.type`],
  ['siret', sql`m.siret`],
  ['ede', sql`m.ede`],
  ['pac', sql`m.pacage`],
  ...colonnes('m', ['raisonSociale', 'nom', 'adresse1', 'adresse2', 'adresse3', 'adresse4']),
  ...colonnes('m', ['codePostal', 'ville', 'latitude', 'longitude', 'telephone1', 'telephone2']),
  ...colonnes('m', ['mail', 'siteWeb']),
  [
    'isHabilite',
    sql`exists (select 1 from habilitation h
                 where h.personne_morale_id = m.id and h.statut = 'VALIDEE')`,
  ],
  [
    'habilitations',
    dejaJson(sql`(select ${tableauJson(
      objetJson([
        ['id', sql`h.id::text`],
        [
          'aopIgp',
          dejaJson(
            objetJson([
              ['id', sql`a.id::text`],
              ['libelle', sql`a.libelle`],
            ]),
          ),
        ],
        [
          'activite',
          dejaJson(
            objetJson([
              ['id', sql`ac.id::text`],
              ['libelle', sql`ac.libelle`],
            ]),
          ),
        ],
        ['statut', sql`h.statut`],
        ['dateDi', sql`h.date_di`],
        [
          'fichiers',
          dejaJson(sql`(select ${tableauJson(fichierJson('f'), sql`f.id`)}
                          from fichier f where f.habilitation_id = h.id)`),
        ],
      ]),
      sql`h.id`,
    )}
      from habilitation h join aop_igp a on a.id = h.aop_igp_id
      join activite ac on ac.id = h.activite_id
      where h.personne_morale_id = m.id)`),
  ],
  [
    'sites',
    dejaJson(
      sql`(select ${tableauJson(
        objetJson([
          ['id', sql`s.id::text`],
          ...colonnes('s', ['libelle', 'ede', 'siege', 'adresse1', 'adresse2', 'adresse3']),
          ...colonnes('s', ['codePostal', 'ville', 'latitude', 'longitude', 'debutUtilisation']),
          ...colonnes('s', ['finUtilisation', 'telephone', 'mail']),
          ['aopIds', sql`s.aop_ids::text[]`],
        ]),
        sql`s.id`,
      )} from site s where s.personne_morale_id = m.id)`,
    ),
  ],
  [
    'contacts',
    dejaJson(
      sql`(select ${tableauJson(
        objetJson([
          ['id', sql`c.id::text`],
          ...colonnes('c', ['civilite', 'nom', 'prenom', 'telephone1', 'telephone2', 'mail']),
          ...colonnes('c', ['fonction']),
        ]),
        sql`c.id`,
      )} from contact c where c.personne_morale_id = m.id)`,
    ),
  ],
  [
    'fichiers',
    dejaJson(sql`(select ${tableauJson(fichierJson('f'), sql`f.date_creation desc, f.id desc`)}
      from fichier f where f.personne_morale_id = m.id
       and f.type_document in ('DI', 'RAPPORT_AUDIT'))`),
  ],
]);

/** A directory batch as the feed sends it: its documents as JSON text, and where it ends. */
export interface LotAnnuaireJson {
  /** The `documents` array, serialised by PostgreSQL. */
  documents: string;
  nombre: number;
  dernier: { xid: string; id: number } | null;
}

/**
 * Directory documents as JSON text built by PostgreSQL (the feed's hot path: see decisions,
 * "directory feed as SQL-built JSON"), and the rows of rounds and shortcomings; all by id, the
 * rows already passed the feed's scope.
 */
export function createAnnuaireDocumentsRepository(db: Database) {
  return {
    /** The directory documents of these operators (the rows already passed the feed's scope). */
    async annuaire(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await lignes(
        db,
        sql`select ${documentAnnuaire} as d
        from personne_morale m
        where m.id in (${listeSql(ids)})`,
        ligneDocumentAnnuaire,
      );
      return rows.map((r) => r.d);
    },

    /**
     * One directory batch in ONE statement: the feed's rows after the cursor (`lot`, from
     * feeds.repository) and their documents, serialised by PostgreSQL. Parsing 200 documents into
     * objects and serialising them again was most of the feed's time on the server.
     */
    async lotAnnuaire(lot: SQL): Promise<LotAnnuaireJson> {
      // An aggregate without `group by`: always one row, even for an empty batch.
      const r = await ligne(
        db,
        sql`select ${tableauJson(
          sql`case when l.supprime or m.id is null
                   then '{"id":' || to_json(l.id::text)::text || ',"_deleted":true}'
                   else ${documentAnnuaire} end`,
          sql`l.xid, l.id`,
        )} as documents,
                   count(*)::int as nombre,
                   (array_agg(l.xid::text order by l.xid desc, l.id desc))[1] as xid,
                   (array_agg(l.id order by l.xid desc, l.id desc))[1] as id
              from (${lot}) l
              left join personne_morale m on m.id = l.id and not l.supprime`,
        ligneLotAnnuaire,
      );
      return {
        documents: r.documents,
        nombre: r.nombre,
        dernier: r.xid !== null && r.id !== null ? { xid: r.xid, id: r.id } : null,
      };
    },

    /** Rounds with their planning's name, their operator count and their avis de passage. */
    async tournee(ids: number[]) {
      const [rows, nombres] = await Promise.all([
        db
          .select({ t: tournee, planningNom: fichier.fileName })
          .from(tournee)
          .leftJoin(fichier, eq(fichier.id, tournee.planningFichierId))
          .where(inArray(tournee.id, ids)),
        db
          .select({ tourneeId: tourneeOperateur.tourneeId, n: count() })
          .from(tourneeOperateur)
          .where(inArray(tourneeOperateur.tourneeId, ids))
          .groupBy(tourneeOperateur.tourneeId),
      ]);
      const nb = new Map(nombres.map((r) => [r.tourneeId, r.n]));
      const lettres = await db
        .select({
          tourneeId: tourneeOperateur.tourneeId,
          personneMoraleId: tourneeOperateur.personneMoraleId,
          id: fichier.id,
          fileName: fichier.fileName,
        })
        .from(tourneeOperateur)
        .innerJoin(fichier, eq(fichier.id, tourneeOperateur.avisPassageFichierId))
        .where(inArray(tourneeOperateur.tourneeId, ids))
        .orderBy(tourneeOperateur.id);
      return rows.map((r) => ({
        ...r,
        nbOperateurs: nb.get(r.t.id) ?? 0,
        avisPassage: lettres.filter((l) => l.tourneeId === r.t.id),
      }));
    },

    manquement: (ids: number[]) => db.select().from(manquement).where(inArray(manquement.id, ids)),
  };
}
export type AnnuaireDocumentsRepository = ReturnType<typeof createAnnuaireDocumentsRepository>;
