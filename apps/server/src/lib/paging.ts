import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { invalid } from './errors';

/** Sortable columns of one search: the API's field name → its SQL column or expression. */
export type ColonnesTri = Record<string, AnyColumn | SQL>;

/**
 * One of docs/architecture.md §3's `sort=field,ASC|DESC` values: only the search's own columns may
 * be named (anything else is a 400 on `sort`, never SQL).
 */
export function triDe<C>(
  valeur: string,
  colonnes: Readonly<Record<string, C>>,
): { colonne: C; descendant: boolean } {
  const [champ = '', sens = 'ASC'] = valeur.split(',');
  const colonne = Object.hasOwn(colonnes, champ) ? colonnes[champ] : undefined;
  if (colonne === undefined) {
    throw invalid(
      'Tri invalide',
      [],
      [{ field: 'sort', defaultMessage: `Tri inconnu : ${champ}` }],
    );
  }
  return { colonne, descendant: sens.toUpperCase() === 'DESC' };
}

/** A `sort` value as an `ORDER BY` term. */
export function ordreColonne(valeur: string, colonnes: ColonnesTri): SQL {
  const { colonne, descendant } = triDe(valeur, colonnes);
  return descendant ? desc(colonne) : asc(colonne);
}

/**
 * `ORDER BY` from the `sort` values; the default order follows the requested one and `id` ends
 * it so that pages never overlap.
 */
export function ordreDe(
  sort: readonly string[],
  colonnes: ColonnesTri,
  defaut: readonly SQL[],
  id: AnyColumn | SQL,
): SQL[] {
  return [...sort.map((v) => ordreColonne(v, colonnes)), ...defaut, asc(id)];
}

/** The Spring-like page every search answers (docs/architecture.md §3). */
export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
}

export function pageDe<T>(
  content: T[],
  totalElements: number,
  query: { page: number; size: number },
): Page<T> {
  return {
    content,
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
    number: query.page,
    size: query.size,
  };
}

/**
 * Reads a whole result in batches (exports): each batch is one bounded query, so memory stays
 * flat whatever the result's size. `lot` must order by a unique key.
 */
export async function* parLots<T>(
  lot: (offset: number, limite: number) => Promise<T[]>,
  taille = 1000,
): AsyncGenerator<T> {
  for (let offset = 0; ; offset += taille) {
    const lignes = await lot(offset, taille);
    yield* lignes;
    if (lignes.length < taille) return;
  }
}

/** As parLots, a batch at a time, never an empty one: an export writes its rows by batches. */
export async function* parPages<T>(
  lot: (offset: number, limite: number) => Promise<T[]>,
  taille = 1000,
): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += taille) {
    const lignes = await lot(offset, taille);
    if (lignes.length > 0) yield lignes;
    if (lignes.length < taille) return;
  }
}

/** `%…%` pattern for ILIKE from user text: its own `%`, `_` and `\` match literally. */
export const motifContient = (texte: string) => `%${texte.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rows of `ids`, in that order, read `taille` at a time: an export sorts its ids once, then
 * reads them by id (paging by OFFSET re-reads every skipped row, quadratic on large exports).
 */
export async function* parIds<T extends { id: number | string }>(
  ids: number[],
  lire: (ids: number[]) => Promise<T[]>,
  taille = 1000,
): AsyncGenerator<T> {
  for (let i = 0; i < ids.length; i += taille) {
    const tranche = ids.slice(i, i + taille);
    // node-postgres answers bigint ids as text, PGlite as numbers.
    const parId = new Map((await lire(tranche)).map((l) => [Number(l.id), l]));
    for (const id of tranche) {
      const l = parId.get(id);
      if (l) yield l;
    }
  }
}
