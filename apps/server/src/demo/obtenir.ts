/**
 * An entry the demo data set refers to by name (an ODG key, a label, an activity, a login): the
 * seed built its maps from the same data files, so a miss is a typo in them. It throws with what
 * is missing instead of inserting `undefined`.
 */
export function obtenir<K, V>(table: ReadonlyMap<K, V>, cle: K, quoi: string): V {
  const valeur = table.get(cle);
  if (valeur === undefined) throw new Error(`Demo data: no ${quoi} "${String(cle)}"`);
  return valeur;
}
