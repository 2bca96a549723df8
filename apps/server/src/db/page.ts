import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './client';
import { colonne, lignes as lignesDe } from './lignes';

/** A page's row: the set's size, and an id (null: the page is empty, the row only counts). */
const lignePage = z.object({ total: colonne.entier, id: colonne.entier.nullable() });
/** A row of the set, by its id. */
const ligneId = z.object({ id: colonne.entier });

/** How `pageSql` reads a search's set of rows. */
export interface LectureEnsemble {
  /** The sort keys the set lacks: a subquery on the set's row `e`, joined laterally as `k`. */
  cles?: SQL;
  /**
   * The set as disjoint parts, each able to give its rows in the order by itself (an index walk):
   * the page merges each part's first rows instead of sorting the whole set. PostgreSQL walks an
   * index in order for one value of its first column, not for `in (…)`. The count is then planned
   * apart, reading only the indexes; without parts, the set is kept once for the count and the
   * page (a DISTINCT of words is not computed twice).
   */
  parties?: SQL[];
}

const lignes = (cles: SQL | undefined) =>
  cles ? sql`e cross join lateral (${cles}) as k` : sql`e`;

/**
 * The page size as a literal: the planner costs a parameter `limit $n` as a tenth of the rows, so
 * a prepared statement's generic plan looked dearer than the custom ones and every run was planned
 * again (`lignesPreparees`, docs/decisions.md). Page sizes are few, so the texts stay few.
 */
function tailleDePage(limite: number) {
  if (!Number.isSafeInteger(limite) || limite < 0)
    throw new Error(`Taille de page invalide : ${limite}`);
  return sql.raw(String(limite));
}

function page(ordre: SQL, offset: number, limite: number, { cles, parties }: LectureEnsemble) {
  if (!parties) {
    return sql`select * from ${lignes(cles)} order by ${ordre} limit ${tailleDePage(limite)} offset ${offset}`;
  }
  const tetes = parties.map(
    (partie) => sql`(select * from (${partie}) as x order by ${ordre} limit ${offset + limite})`,
  );
  return sql`select * from (${sql.join(tetes, sql` union all `)}) as u
              order by ${ordre} limit ${tailleDePage(limite)} offset ${offset}`;
}

/**
 * One page of a set of rows that have an `id`, and the set's size, in one statement: a search is
 * typed key by key, and each round trip costs the server more than the index read
 * (bench/recherche). `ordre` names the set's columns (and `cles`'). `(total, …the columns)` rows;
 * an empty page is one row with its total and a null id.
 */
export function pageSql(
  ensemble: SQL,
  ordre: SQL,
  offset: number,
  limite: number,
  lecture: LectureEnsemble = {},
): SQL {
  return sql`with e as ${lecture.parties ? sql`not materialized` : sql`materialized`} (${ensemble})
        select t.total, p.*
          from (select count(*)::int as total from e) as t
          left join (${page(ordre, offset, limite, lecture)}) as p on true`;
}

/** The size of a set of rows that have an `id`, and one page of their ids in the order `ordre`. */
export async function pageDIds(
  db: Database,
  ensemble: SQL,
  ordre: SQL,
  offset: number,
  limite: number,
  lecture?: LectureEnsemble,
): Promise<{ total: number; ids: number[] }> {
  const rows = await lignesDe(
    db,
    sql`${pageSql(ensemble, ordre, offset, limite, lecture)} order by ${ordre}`,
    lignePage,
  );
  return {
    total: rows[0]?.total ?? 0,
    ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])),
  };
}

/** Every id of a set of rows that have an `id`, in the order `ordre` (an export's order). */
export async function idsTries(
  db: Database,
  ensemble: SQL,
  ordre: SQL,
  { cles }: LectureEnsemble = {},
): Promise<number[]> {
  const rows = await lignesDe(
    db,
    sql`with e as (${ensemble}) select e.id from ${lignes(cles)} order by ${ordre}`,
    ligneId,
  );
  return rows.map((r) => r.id);
}

/** Rows read by id, in the order of `ids` (a page's order, found by `pageDIds`). */
export function dansLOrdre<T extends { id: number }>(ids: readonly number[], rows: T[]): T[] {
  const parId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => parId.get(id) ?? []);
}
