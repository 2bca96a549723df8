import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { lignes } from '../../db/lignes';
import { parPages, triDe } from '../../lib/paging';

/**
 * SQL pieces shared by the dashboard repositories. Values leave the database as text (ids, ISO
 * instants, days): PGlite and node-postgres parse bigint, timestamptz and date differently.
 */
export const iso = (col: SQL) =>
  sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const et = (conditions: (SQL | undefined)[]): SQL => {
  const presentes = conditions.filter((c): c is SQL => c !== undefined);
  return presentes.length === 0 ? sql`true` : sql.join(presentes, sql` and `);
};

export const dans = (col: SQL, valeurs: readonly string[] | undefined): SQL | undefined =>
  valeurs && valeurs.length > 0
    ? sql`${col} in (${sql.join(
        valeurs.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : undefined;

/** Today in Europe/Paris, where business dates are judged (docs/architecture.md §4). */
export const aujourdhui = sql`(now() at time zone 'Europe/Paris')::date`;

/**
 * `sort=field,ASC|DESC` (repeatable) turned into ORDER BY from a whitelist of column keys (an
 * unknown one is a 400 on `sort`, as lib/paging's ordreDe answers); the id breaks ties so pages
 * never overlap. Written over raw SQL expressions, which ordreDe (Drizzle columns) does not take.
 */
export function ordre(
  tris: readonly string[],
  colonnes: Record<string, SQL>,
  defaut: SQL,
  id: SQL,
): SQL {
  const parties: SQL[] = [];
  for (const t of tris) {
    const { colonne, descendant } = triDe(t, colonnes);
    parties.push(descendant ? sql`${colonne} desc nulls last` : sql`${colonne} asc nulls last`);
  }
  if (parties.length === 0) parties.push(defaut);
  parties.push(sql`${id} desc`);
  return sql.join(parties, sql`, `);
}

const motifDe = (t: string) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Operator search: raison sociale or SIRET, accent- and case-blind. The GIN trigram index on
 * `personne_morale.recherche` (normalised by the immutable `estive_normalise`) finds the
 * candidates among 50,000 operators; the two fields are then checked.
 */
export const rechercheOperateur = (texte: string | undefined): SQL | undefined => {
  const t = texte?.trim();
  if (!t) return undefined;
  const echappe = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  const motif = sql`'%' || estive_normalise(${echappe(t)}) || '%'`;
  // A SIRET is typed with or without its spaces; `recherche` holds it without them.
  const motifSiret = sql`'%' || ${echappe(t.replace(/\s+/g, ''))} || '%'`;
  return sql`((p.recherche like ${motif} and estive_normalise(p.raison_sociale) like ${motif})
              or (p.recherche like ${motifSiret} and replace(p.siret, ' ', '') like ${motifSiret}))`;
};

/**
 * The `auditeur` column's filter: the control's controller (internal) or auditor (external), by
 * first name, name or both, accent- and case-blind.
 */
export const rechercheAuditeur = (texte: string | undefined): SQL | undefined => {
  const t = texte?.trim();
  if (!t) return undefined;
  const motif = motifDe(t);
  return sql`(exists (select 1 from personne_physique x where x.id = c.auditeur_id
                 and unaccent(x.prenom || ' ' || x.nom) ilike unaccent(${motif}))
           or exists (select 1 from utilisateur xu
                        join personne_physique x on x.id = xu.personne_physique_id
                       where xu.id = c.controleur_id
                         and unaccent(x.prenom || ' ' || x.nom) ilike unaccent(${motif})))`;
};

/** An export's rows by pages of `lot` (streamed, never all in memory): its query, ordered. */
export const pagesExport = <S extends z.ZodType>(
  db: Database,
  requete: SQL,
  schema: S,
  lot: number,
): AsyncGenerator<z.output<S>[]> =>
  parPages(
    (offset, limite) => lignes(db, sql`${requete} limit ${limite} offset ${offset}`, schema),
    lot,
  );
