import { describe, expect, it, vi } from 'vitest';
import type { Grille } from '@estive/domain';
import { grilleComteDemo } from '@estive/domain/demo';
import { categorieCompleteMemo, saisirPoint } from '../grille/moteur';
import { creerStoreGrille } from './storeGrille';

/** Every row's slice, as the step 2 rows select it (category index, point index). */
const tranches = (g: Grille) => g.categories.flatMap((c) => c.points);

describe('grid store (step 2 rows subscribe to their slice)', () => {
  it('tells its listeners about a change, and only about a change', () => {
    const store = creerStoreGrille(grilleComteDemo());
    const ecouteur = vi.fn();
    const desabonner = store.subscribe(ecouteur);
    store.set((g) => g);
    expect(ecouteur).not.toHaveBeenCalled();

    const cle = { pointId: 'pc-TL-01', aopIgpId: 'aop-comte' };
    store.set((g) => saisirPoint(g, cle, { valeur: '19' }).grille);
    expect(ecouteur).toHaveBeenCalledTimes(1);
    desabonner();
    store.set((g) => saisirPoint(g, cle, { valeur: '4' }).grille);
    expect(ecouteur).toHaveBeenCalledTimes(1);
  });

  it('keeps every other row and tab slice by reference: a keystroke re-renders one row', () => {
    const store = creerStoreGrille(grilleComteDemo());
    const avant = store.get();
    const cle = { pointId: 'pc-TL-01', aopIgpId: 'aop-comte' };
    store.set((g) => saisirPoint(g, cle, { valeur: '19' }).grille);
    const apres = store.get();

    const changees = tranches(apres).filter((p, i) => p !== tranches(avant)[i]);
    expect(changees.map((p) => p.id)).toEqual([cle.pointId]);
    expect(apres.groupesSysExploitation).toBe(avant.groupesSysExploitation);
    const categoriesChangees = apres.categories.filter((c, i) => c !== avant.categories[i]);
    expect(categoriesChangees).toHaveLength(1);
  });

  it('remembers completeness per category object, recomputed only for a new one', () => {
    const categorie = grilleComteDemo().categories[0]!;
    expect(categorieCompleteMemo(categorie)).toBe(false);
    // The engine never mutates a category; doing it here shows the answer comes from memory.
    categorie.points = [];
    expect(categorieCompleteMemo(categorie)).toBe(false);
    expect(categorieCompleteMemo({ ...categorie })).toBe(true);
  });
});
