/**
 * A filter value as the server's query string takes it: arrays are repeated keys
 * (docs/architecture.md §3).
 */
export type ValeurFiltre =
  string | number | boolean | null | undefined | readonly (string | number)[];

/** Spec part 1 §9: page sizes 5/10/15/25/50, 10 by default; filters wait 500 ms after typing. */
export const TAILLES_PAGE = [5, 10, 15, 25, 50];
export const TAILLE_PAGE_DEFAUT = 10;
export const DEBOUNCE_FILTRE_MS = 500;

/** The Spring-like page every search answers (lib/api's `Page`, from the contracts' pageSchema). */
export type { Page as PageServeur } from '../lib/api';

export interface Tri {
  colonne: string;
  sens: 'asc' | 'desc';
}

/** Array.isArray does not narrow a union holding a readonly array: this guard does. */
const estListe = (v: ValeurFiltre): v is readonly (string | number)[] => Array.isArray(v);

/** The filters as query parameters: empty values are left out, arrays repeated, text trimmed. */
export function parametresFiltres(filtres: Record<string, ValeurFiltre>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [cle, valeur] of Object.entries(filtres)) {
    if (valeur === null || valeur === undefined) continue;
    if (estListe(valeur)) {
      for (const v of valeur) p.append(cle, String(v));
    } else if (typeof valeur === 'string') {
      if (valeur.trim() !== '') p.append(cle, valeur.trim());
    } else {
      p.append(cle, String(valeur));
    }
  }
  return p;
}

/** Filters plus the page (0-based on the server), its size and the sort `field,ASC|DESC`. */
export function parametresPage(
  filtres: URLSearchParams,
  page: number,
  taille: number,
  tri: Tri | null,
): URLSearchParams {
  const p = new URLSearchParams(filtres);
  p.set('page', String(page));
  p.set('size', String(taille));
  if (tri) p.set('sort', `${tri.colonne},${tri.sens.toUpperCase()}`);
  return p;
}
