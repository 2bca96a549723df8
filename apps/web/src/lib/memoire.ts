/**
 * A keeper of the last value by content: `garder(valeur)` answers the value it kept while the new
 * one serialises to the same JSON, else keeps and answers the new one. A live query that re-runs
 * on every write of its table (a sync's batches) then hands React the same object, and nothing
 * redraws. For small values: the comparison serialises the whole value.
 */
export function memoireParContenu<T>(): (valeur: T) => T {
  let texte: string | undefined;
  let gardee: T;
  return (valeur) => {
    const nouveau = JSON.stringify(valeur);
    if (nouveau !== texte) {
      texte = nouveau;
      gardee = valeur;
    }
    return gardee;
  };
}
