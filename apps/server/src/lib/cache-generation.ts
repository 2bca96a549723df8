/** What a cache entry's freshness is judged against (the database's `SuiviActeurs`). */
export interface SourceGeneration {
  /** Moves on at every change of the source this process hears of. */
  generation(): number;
  /** False while this process may miss a change: nothing is served nor kept then. */
  ecoute(): boolean;
}

interface Entree<V> {
  valeur: V;
  generation: number;
  lueA: number;
}

/**
 * The value a load gives for a key, kept while the source's generation is still the one it was
 * read under, and at most `dureeMs` (a bound should a change go unheard all the same). A value
 * read while a change was heard is returned but not kept: the read may predate the change.
 * Past `max` keys everything is dropped: entries are small and a full reload is a burst of reads.
 */
export function cacheParGeneration<V>(
  source: SourceGeneration,
  options: { dureeMs: number; max: number; maintenant?: () => number },
) {
  const maintenant = options.maintenant ?? Date.now;
  const entrees = new Map<string, Entree<V>>();
  let trouvees = 0;
  let chargees = 0;
  return {
    async obtenir(cle: string, charger: () => Promise<V>): Promise<V> {
      const generation = source.generation();
      const ecoutait = source.ecoute();
      const entree = entrees.get(cle);
      if (
        entree &&
        ecoutait &&
        entree.generation === generation &&
        maintenant() - entree.lueA < options.dureeMs
      ) {
        trouvees++;
        return entree.valeur;
      }
      chargees++;
      const lueA = maintenant();
      const valeur = await charger();
      if (ecoutait && source.ecoute() && source.generation() === generation) {
        if (entrees.size >= options.max) entrees.clear();
        entrees.set(cle, { valeur, generation, lueA });
      } else entrees.delete(cle);
      return valeur;
    },
    /** Hits and loads since the start (its tests read them to tell a hit from a load). */
    compteurs: () => ({ trouvees, chargees }),
  };
}
export type CacheParGeneration<V> = ReturnType<typeof cacheParGeneration<V>>;
