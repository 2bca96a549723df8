import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OperateurSeuil } from '../enums';
import type { SaisieAop, SeuilsPoint } from './schemas';
import { atteint, evaluerNombre, evaluerSaisie } from './seuils';
import { entreeAop } from './saisie.test-helpers';

const NNBSP = '\u202f';
const seuils = (
  grave: [OperateurSeuil, number] | null,
  majeur: [OperateurSeuil, number] | null,
  mineur: [OperateurSeuil, number] | null,
): SeuilsPoint => {
  const s = (x: [OperateurSeuil, number] | null) => x && { operateur: x[0], valeur: x[1] };
  return { grave: s(grave), majeur: s(majeur), mineur: s(mineur) };
};

describe('operators come from the data', () => {
  it.each([
    [1, '<', 2, true],
    [2, '<', 2, false],
    [2, '<=', 2, true],
    [3, '<=', 2, false],
    [3, '>', 2, true],
    [2, '>', 2, false],
    [2, '>=', 2, true],
    [1, '>=', 2, false],
    [2, '=', 2, true],
    [2.5, '=', 2, false],
    [2.5, '!=', 2, true],
    [2, '!=', 2, false],
  ] as const)('%f %s %f is %j', (v, op, s, attendu) => {
    expect(atteint(v, op, s)).toBe(attendu);
  });
});

describe('thresholds are tested grave, then majeur, then mineur', () => {
  const chargement = seuils(['>', 1.6], ['>', 1.3], null);
  const herbe = seuils(['<', 0.8], ['<', 0.9], ['<', 1]);

  it.each([
    [
      1.45,
      chargement,
      false,
      'NC',
      'MAJEUR',
      `Valeur 1,45 UGB/ha > 1,3 (seuil majeur) : non conforme, gravité majeur`,
    ],
    [
      1.7,
      chargement,
      false,
      'NC',
      'GRAVE',
      'Valeur 1,7 UGB/ha > 1,6 (seuil grave) : non conforme, gravité grave',
    ],
    [
      1.3,
      chargement,
      false,
      'C',
      null,
      'Valeur 1,3 UGB/ha : aucun seuil atteint (majeur > 1,3) : conforme',
    ],
    [
      0.95,
      herbe,
      false,
      'NC',
      'MINEUR',
      'Valeur 0,95 UGB/ha < 1 (seuil mineur) : non conforme, gravité mineur',
    ],
    [
      1.2,
      herbe,
      false,
      'C',
      null,
      'Valeur 1,2 UGB/ha : aucun seuil atteint (mineur < 1) : conforme',
    ],
    [
      0.5,
      herbe,
      true,
      'NC',
      'SEUIL_3',
      'Valeur 0,5 UGB/ha < 0,8 (seuil grave) : non conforme, seuil 3',
    ],
    [
      0.85,
      herbe,
      true,
      'NC',
      'SEUIL_2',
      'Valeur 0,85 UGB/ha < 0,9 (seuil majeur) : non conforme, seuil 2',
    ],
    [
      0.95,
      herbe,
      true,
      'NC',
      'SEUIL_1',
      'Valeur 0,95 UGB/ha < 1 (seuil mineur) : non conforme, seuil 1',
    ],
    [
      12,
      seuils(null, null, null),
      false,
      'C',
      null,
      'Valeur 12 UGB/ha : aucun seuil défini : conforme',
    ],
  ] as const)('%f (migré %j) → %s %s', (v, s, migre, conformite, gravite, explication) => {
    expect(evaluerNombre(v, s, { migre, unite: 'UGB/ha' })).toMatchObject({
      conformite,
      gravite,
      explication,
    });
  });

  it('cites thresholds with French operators and numbers, the value without unit when none', () => {
    expect(evaluerNombre(4700, seuils(null, ['>=', 5000], ['!=', 4600])).explication).toBe(
      `Valeur 4${NNBSP}700 ≠ 4${NNBSP}600 (seuil mineur) : non conforme, gravité mineur`,
    );
    expect(evaluerNombre(4600, seuils(null, ['>=', 5000], ['=', 4700])).explication).toBe(
      `Valeur 4${NNBSP}600 : aucun seuil atteint (mineur = 4${NNBSP}700) : conforme`,
    );
    expect(evaluerNombre(4600, seuils(null, ['<=', 5000], null)).explication).toBe(
      `Valeur 4${NNBSP}600 ≤ 5${NNBSP}000 (seuil majeur) : non conforme, gravité majeur`,
    );
    expect(evaluerNombre(0.8, seuils(null, null, ['>=', 1]), { unite: 'ha/VL' }).explication).toBe(
      'Valeur 0,8 ha/VL : aucun seuil atteint (mineur ≥ 1) : conforme',
    );
  });

  const RANG = { MINEUR: 1, MAJEUR: 2, GRAVE: 3 } as const;
  const rang = (g: string | null) => (g ? RANG[g as keyof typeof RANG] : 0);

  // Above a limit (> or >=) the highest threshold is the grave one; below (< or <=), the lowest.
  it.each([
    { plusGrave: 'bigger', ops: ['>', '>='] },
    { plusGrave: 'smaller', ops: ['<', '<='] },
  ] as const)(
    'a $plusGrave value never yields a lesser severity when $ops.0 thresholds are ordered',
    ({ plusGrave, ops }) => {
      fc.assert(
        fc.property(
          fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 3, maxLength: 3 }),
          fc.double({ min: -1, max: 11, noNaN: true }),
          fc.double({ min: -1, max: 11, noNaN: true }),
          fc.constantFrom<OperateurSeuil>(...ops),
          (limites, a, b, op) => {
            const croissantes = [...limites].sort((x, y) => x - y);
            const [grave, majeur, mineur] = (
              plusGrave === 'bigger' ? croissantes.reverse() : croissantes
            ) as [number, number, number];
            const s = seuils([op, grave], [op, majeur], [op, mineur]);
            const [petit, grand] = a <= b ? [a, b] : [b, a];
            const [pire, moindre] = plusGrave === 'bigger' ? [grand, petit] : [petit, grand];
            expect(rang(evaluerNombre(pire, s).gravite)).toBeGreaterThanOrEqual(
              rang(evaluerNombre(moindre, s).gravite),
            );
            expect(evaluerNombre(moindre, s).conformite === 'C').toBe(
              !atteint(moindre, op, mineur),
            );
          },
        ),
      );
    },
  );
});

describe('evaluerSaisie: which entries and values are evaluated', () => {
  const entree = (conformite: SaisieAop['saisie']['conformite']): SaisieAop =>
    entreeAop({ conformite }, seuils(null, ['>', 1.3], null));

  it.each([
    ['CONSTAT', null, '2', false, 'inchangée'],
    ['NUMERIQUE', 'SO', '2', false, 'inchangée'],
    ['EXPLOITATION', 'NO', null, true, 'inchangée'],
    ['NUMERIQUE', 'C', '2', false, 'NC'],
    ['NUMERIQUE', 'NC', '1', false, 'C'],
    ['NUMERIQUE', null, '1,4', false, 'NC'],
    ['NUMERIQUE', 'C', '', false, 'inchangée'],
    ['EXPLOITATION', 'NC', null, true, null],
    ['NUMERIQUE', 'C', 'beaucoup', false, 'inchangée'],
    ['NUMERIQUE', null, '01/02/2024', false, 'NC'],
  ] as const)(
    '%s %s, value %j (exploitation path %j) → %j',
    (source, conformite, texte, chemin, attendu) => {
      const r = evaluerSaisie(entree(conformite), source, texte, { cheminExploitation: chemin });
      expect(r === null ? 'inchangée' : r.conformite).toBe(attendu);
    },
  );

  it('a blank value on the exploitation path clears, with its explanation', () => {
    expect(evaluerSaisie(entree('NC'), 'EXPLOITATION', null, { cheminExploitation: true })).toEqual(
      {
        conformite: null,
        gravite: null,
        niveau: null,
        explication: 'Valeur non renseignée : conformité effacée',
      },
    );
  });
});
