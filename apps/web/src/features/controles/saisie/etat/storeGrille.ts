import { useSyncExternalStore } from 'react';
import type { Grille } from '../grille/types';

/**
 * The visit's grid, held outside React state. A keystroke on step 2 used to re-render the whole
 * form (header, stepper, tabs, 150 memoised rows and Mantine's context propagation through them)
 * for one changed entry. Here each row, tab marker and step subscribes to the slice it shows
 * (`useSelectionGrille`): the engine's structural sharing keeps the other slices by reference, so
 * only the edited row re-renders. Updates are synchronous, as a controlled input needs.
 */
export interface StoreGrille {
  lire: () => Grille;
  abonner: (ecouteur: () => void) => () => void;
  /** Applies a pure updater; listeners hear of it only when the grid changed. */
  modifier: (maj: (grille: Grille) => Grille) => void;
}

export function creerStoreGrille(initiale: Grille): StoreGrille {
  let grille = initiale;
  const ecouteurs = new Set<() => void>();
  return {
    lire: () => grille,
    abonner: (ecouteur) => {
      ecouteurs.add(ecouteur);
      return () => {
        ecouteurs.delete(ecouteur);
      };
    },
    modifier: (maj) => {
      const suivante = maj(grille);
      if (suivante === grille) return;
      grille = suivante;
      for (const ecouteur of ecouteurs) ecouteur();
    },
  };
}

/**
 * A slice of the grid, re-rendering the caller only when the slice changes. The selection must
 * return a part of the grid (kept by reference when untouched) or a primitive, never a new object.
 */
export function useSelectionGrille<T>(store: StoreGrille, selection: (grille: Grille) => T): T {
  return useSyncExternalStore(store.abonner, () => selection(store.lire()));
}
