import { createStore, useSelection, type Store } from '../../../../lib/store';
import type { Grille } from '../grille/types';

/**
 * The visit's grid, held outside React state. A keystroke on step 2 used to re-render the whole
 * form (header, stepper, tabs, 150 memoised rows and Mantine's context propagation through them)
 * for one changed entry. Here each row, tab marker and step subscribes to the slice it shows
 * (`useSelectionGrille`): the engine's structural sharing keeps the other slices by reference, so
 * only the edited row re-renders. Updates are synchronous, as a controlled input needs.
 */
export type StoreGrille = Store<Grille>;

export const creerStoreGrille = (initiale: Grille): StoreGrille => createStore(initiale);

export function useSelectionGrille<T>(store: StoreGrille, selection: (grille: Grille) => T): T {
  return useSelection(store, selection);
}
