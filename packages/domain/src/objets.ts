/**
 * Typed reads of plain objects, so callers narrow instead of asserting: keys of a record literal,
 * membership of a closed list, one field of a value whose shape is not known (a thrown error, a
 * parsed answer).
 */

/** The keys of a record written in the code, typed as its keys (for literal records only). */
export function clesDe<T extends object>(objet: T): (keyof T & string)[] {
  // Object.keys answers string[] because an object may carry more keys than its type says; the
  // records given here are literals of the code, whose keys are exactly their type's keys.
  return Object.keys(objet) as (keyof T & string)[];
}

/** Whether `valeur` is one of `valeurs`: narrows text read from outside (a URL, a select, a code). */
export function estParmi<const T>(valeurs: readonly T[], valeur: unknown): valeur is T {
  return valeurs.some((v) => v === valeur);
}

/** The field `cle` of any value, `undefined` when it is not an object or lacks that field. */
export function champDe(valeur: unknown, cle: string): unknown {
  return estObjet(valeur) ? valeur[cle] : undefined;
}

/** Whether `cle` is an own key of the record `objet` (a code read from outside, a stored enum). */
export function estCleDe<T extends object>(objet: T, cle: PropertyKey): cle is keyof T {
  return Object.hasOwn(objet, cle);
}

/** Any non-null object, read as fields of unknown value (an absent one reads `undefined`). */
export function estObjet(valeur: unknown): valeur is Record<string, unknown> {
  return typeof valeur === 'object' && valeur !== null;
}
