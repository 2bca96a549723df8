import { describe, expect, it } from 'vitest';
import { saisirValeurExploitation, valeurExacte, valeursExactes } from './exploitation';
import { grilleComteDemo } from './fixtures';
import { trouverEntree } from './saisie';
import { evaluerSaisie } from './seuils';
import type { Grille } from './schemas';

const HERBE = { pointId: 'pc-SC-01', aopIgpId: 'aop-comte' };
const saisir = (g: Grille, entrees: Record<string, string>) =>
  Object.entries(entrees).reduce(
    (acc, [code, v]) => saisirValeurExploitation(acc, code, v).grille,
    g,
  );

describe('a threshold judges the computed value, not its rounded display', () => {
  it('49,8 ha for 50 cows is 0,996 ha/VL: shown 1,00, non conforme to the 1 ha/VL minimum', () => {
    const g = saisir(grilleComteDemo(), { a1: '49,8', a2: '0', a3: '50' });
    const entree = trouverEntree(g, HERBE)!.entree;
    expect(entree.saisie).toMatchObject({ valeur: '1,00', conformite: 'NC', gravite: 'MINEUR' });
    expect(valeurExacte(g, 'A6')).toBeCloseTo(0.996, 12);
    expect(valeursExactes(g).get('a6')).toBeCloseTo(0.996, 12);
    // The explanation cites the digits that make the verdict visible.
    const explication = evaluerSaisie(
      { ...entree, saisie: { ...entree.saisie, conformite: null } },
      'EXPLOITATION',
      entree.saisie.valeur,
      { unite: 'ha/VL', exacte: valeurExacte(g, 'a6') },
    )?.explication;
    expect(explication).toBe(
      'Valeur 0,996 ha/VL < 1 (seuil mineur) : non conforme, gravité mineur',
    );
  });

  it('exactly 1 ha/VL (50 ha for 50 cows) is conforme, and 50,2 ha too', () => {
    for (const surface of ['50', '50,2']) {
      const g = saisir(grilleComteDemo(), { a1: surface, a2: '0', a3: '50' });
      expect(trouverEntree(g, HERBE)!.entree.saisie).toMatchObject({
        conformite: 'C',
        gravite: null,
      });
    }
  });

  it('a value one billionth under the limit still fails, and its explanation says why', () => {
    const g = saisir(grilleComteDemo(), { a1: '49,99999995', a2: '0', a3: '50' });
    const entree = trouverEntree(g, HERBE)!.entree;
    expect(entree.saisie).toMatchObject({ valeur: '1,00', conformite: 'NC' });
    const explication = evaluerSaisie(
      { ...entree, saisie: { ...entree.saisie, conformite: null } },
      'EXPLOITATION',
      entree.saisie.valeur,
      { exacte: valeurExacte(g, 'a6') },
    )?.explication;
    expect(explication).toMatch(/^Valeur 0,9999999990* < 1 /);
  });

  it('an input line or a blank formula has no exact value', () => {
    const g = grilleComteDemo();
    expect(valeurExacte(g, 'a1')).toBeNull();
    expect(valeurExacte(g, 'a6')).toBeNull();
    expect(valeurExacte(g, 'zz')).toBeNull();
  });
});
