import { describe, expect, it } from 'vitest';
import { evaluer } from './formule';
import { ignorerGroupe, resultatAop, saisirPoint, saisirValeurExploitation, validerGrille } from './moteur';
import type { Grille } from './types';

const grille = (): Grille => ({
  groupesSysExploitation: [
    { id: 'g1', libelle: 'Surfaces', ignore: false, points: [
      { code: 'a1', libelle: 'Prairies permanentes', valeur: null },
      { code: 'a2', libelle: 'Prairies temporaires', valeur: null },
      { code: 'a3', libelle: 'Nombre de VL', valeur: null },
      { code: 'a6', libelle: 'Surface herbagère par vache laitière', formule: '(a1 + a2) / a3', dec: 2, valeur: null },
    ] },
  ],
  categories: [
    { id: 'c1', libelle: 'Alimentation', ordre: 1, points: [
      { id: 'p1', code: 'SC-01', ordre: 1, libelle: 'Surface', source: 'EXPLOITATION', aops: [
        { aopIgpId: 'comte', aopIgpLibelle: 'Comté', exploitationCode: 'a6', saisie: {},
          seuil: { grave: { operateur: '<', valeur: 0.5 }, majeur: { operateur: '<', valeur: 0.8 }, mineur: { operateur: '<', valeur: 1 } } },
      ] },
    ] },
  ],
  manquements: [],
});

describe('provisional grid engine', () => {
  it('evaluates formulas with precedence and parentheses', () => {
    expect(evaluer('(a1 + a2) / a3', new Map([['a1', 30], ['a2', 10], ['a3', 50]]))).toBe(0.8);
    expect(evaluer('a1 + a2 * 2', new Map([['a1', 1], ['a2', 2]]))).toBe(5);
  });

  it('cascades a formula to its point: majeur below 0.8', () => {
    let g = grille();
    for (const [c, v] of [['a1', '20'], ['a2', '10'], ['a3', '50']]) g = saisirValeurExploitation(g, c, v).grille;
    const e = g.categories[0].points[0].aops[0];
    expect(g.groupesSysExploitation[0].points[3].valeur).toBe('0.6');
    expect(e.saisie).toMatchObject({ valeur: '0.6', conformite: 'NC', gravite: 'MAJEUR' });
    expect(g.manquements.map((m) => m.key)).toEqual(['SC-01-comte']);
    expect(resultatAop(g, 'comte')).toBe('NON_CONFORME');
    g = saisirValeurExploitation(g, 'a3', '20').grille;
    expect(g.categories[0].points[0].aops[0].saisie.conformite).toBe('C');
    expect(g.manquements).toEqual([]);
  });

  it('reports a missing code', () => {
    const g = grille();
    g.groupesSysExploitation[0].points[3].formule = 'a1 / a99';
    expect(saisirValeurExploitation(g, 'a1', '3').erreurs).toEqual([{ type: 'codeAbsent', code: 'a6', formule: 'a1 / a99' }]);
  });

  it('keeps untouched categories by reference', () => {
    const g = grille();
    expect(saisirValeurExploitation(g, 'a1', '3').grille.categories).toBe(g.categories);
  });

  it('validates: ignored groups and complete points', () => {
    let g = ignorerGroupe(grille(), 'g1', true);
    expect(validerGrille(g)).toBe(false);
    g = saisirPoint(g, { pointId: 'p1', aopIgpId: 'comte' }, { conformite: 'SO' });
    expect(validerGrille(g)).toBe(true);
  });
});
