import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validerGrille } from './completude';
import { construireGrille, type ReferentielGrille } from './construire';
import { saisirValeurExploitation } from './exploitation';
import { grilleSchema } from './schemas';

const comte = { id: 'aop-comte', libelle: 'Comté' };
const mont = { id: 'aop-mont-dor', libelle: "Mont d'Or", migre: true };

/** Rows as the device's tables hold them (spec part 2 §3 'Offline local collections'). */
const referentiel = (): ReferentielGrille => ({
  aopIgps: [comte, mont],
  categories: [
    { id: 'cat-2', libelle: 'Traite et lait', ordre: 2 },
    { id: 'cat-1', libelle: 'Alimentation', ordre: 1 },
    { id: 'cat-3', libelle: 'Vide', ordre: 3 },
  ],
  pointsControle: [
    {
      id: 'pc-2',
      code: 'SC-02',
      libelle: 'Chargement',
      source: 'EXPLOITATION',
      ordre: 2,
      categorieId: 'cat-1',
      archive: false,
    },
    {
      id: 'pc-1',
      code: 'SC-01',
      libelle: 'Surface herbagère',
      reference: 'Cahier des charges, 4.1',
      source: 'EXPLOITATION',
      ordre: 1,
      categorieId: 'cat-1',
      archive: false,
    },
    {
      id: 'pc-3',
      code: 'TL-01',
      libelle: 'Lait cru',
      source: 'CONSTAT',
      ordre: 1,
      categorieId: 'cat-2',
      archive: false,
    },
    {
      id: 'pc-old',
      code: 'XX-01',
      libelle: 'Archivé',
      source: 'NUMERIQUE',
      ordre: 1,
      categorieId: 'cat-2',
      archive: true,
    },
    {
      id: 'pc-orphan',
      code: 'XX-02',
      libelle: 'Sans lien',
      source: 'NUMERIQUE',
      ordre: 1,
      categorieId: 'cat-3',
      archive: false,
    },
  ],
  pointsControleAop: [
    {
      pointControleId: 'pc-1',
      aopIgpId: 'aop-comte',
      pointSystemeExploitationId: 'pse-a6',
      seuil: {
        grave: { operateur: '<', valeur: 0.5 },
        majeur: { operateur: '<', valeur: 0.8 },
        mineur: { operateur: '<', valeur: 1 },
      },
    },
    { pointControleId: 'pc-1', aopIgpId: 'aop-comte', seuil: null },
    {
      pointControleId: 'pc-2',
      aopIgpId: 'aop-mont-dor',
      pointSystemeExploitationId: 'pse-hors-grille',
    },
    {
      pointControleId: 'pc-2',
      aopIgpId: 'aop-comte',
      seuil: { majeur: { operateur: '=>', valeur: 1.5 }, mineur: { operateur: '>', valeur: 1.3 } },
    },
    { pointControleId: 'pc-3', aopIgpId: 'aop-comte' },
    { pointControleId: 'pc-old', aopIgpId: 'aop-comte' },
    { pointControleId: 'pc-1', aopIgpId: 'aop-beaufort' },
  ],
  groupesSysExp: [
    { id: 'g-surf', libelle: 'Surfaces', ordre: 1, aopIgpIds: ['aop-comte'], archive: false },
    { id: 'g-old', libelle: 'Ancien', ordre: 0, aopIgpIds: ['aop-comte'], archive: true },
    { id: 'g-autre', libelle: 'Beaufort', ordre: 2, aopIgpIds: ['aop-beaufort'], archive: false },
  ],
  pointsSysExp: [
    {
      id: 'pse-a6',
      code: 'a6',
      libelle: 'Surface par VL',
      ordre: 4,
      formule: '(a1 + a2) / a3',
      unite: 'ha/VL',
      dec: 2,
      groupeSystemeExploitationId: 'g-surf',
      archive: false,
    },
    {
      id: 'pse-a1',
      code: 'a1',
      libelle: 'Prairies permanentes',
      ordre: 1,
      unite: 'ha',
      groupeSystemeExploitationId: 'g-surf',
      archive: false,
    },
    {
      id: 'pse-a2',
      code: 'a2',
      libelle: 'Prairies temporaires',
      ordre: 2,
      groupeSystemeExploitationId: 'g-surf',
      archive: false,
    },
    {
      id: 'pse-a3',
      code: 'a3',
      libelle: 'Vaches laitières',
      ordre: 3,
      dec: null,
      groupeSystemeExploitationId: 'g-surf',
      archive: false,
    },
    {
      id: 'pse-a9',
      code: 'a9',
      libelle: 'Archivée',
      ordre: 5,
      groupeSystemeExploitationId: 'g-surf',
      archive: true,
    },
    {
      id: 'pse-hors-grille',
      code: 'a50',
      libelle: 'Autre',
      ordre: 1,
      groupeSystemeExploitationId: 'g-autre',
      archive: false,
    },
  ],
});

describe('construireGrille', () => {
  const g = construireGrille(referentiel());
  const point = (code: string) =>
    g.categories.flatMap((c) => c.points).find((p) => p.code === code)!;

  it('keeps categories holding a linked, non-archived point, in reference order', () => {
    expect(g.categories.map((c) => c.id)).toEqual(['cat-1', 'cat-2']);
    expect(g.categories[0]!.points.map((p) => p.code)).toEqual(['SC-01', 'SC-02']);
    expect(g.categories[1]!.points.map((p) => p.code)).toEqual(['TL-01']);
    expect(g.categories[0]!.aopIgps).toEqual([comte, { id: mont.id, libelle: mont.libelle }]);
    expect(g.categories[1]!.aopIgps).toEqual([comte]);
  });

  it.each([
    ['linked to a line of the grid', 'SC-01', 'aop-comte', 'pse-a6', 'a6'],
    ['linked to a line outside the grid', 'SC-02', 'aop-mont-dor', 'pse-hors-grille', null],
    ['not linked', 'TL-01', 'aop-comte', null, null],
  ])('entry %s: exploitation id and code', (_, code, aop, id, exploitationCode) => {
    const e = point(code).aops.find((x) => x.aopIgpId === aop)!;
    expect({ id: e.exploitationId, code: e.exploitationCode }).toEqual({
      id,
      code: exploitationCode,
    });
  });

  it('one entry per visit label, in the order of the visit, the first duplicate winning', () => {
    expect(point('SC-01').aops.map((e) => e.aopIgpId)).toEqual(['aop-comte']);
    expect(point('SC-02').aops.map((e) => [e.aopIgpId, e.migre])).toEqual([
      ['aop-comte', false],
      ['aop-mont-dor', true],
    ]);
    expect(point('SC-01').aops[0]!.seuil.grave).toEqual({ operateur: '<', valeur: 0.5 });
  });

  it('drops a threshold whose operator is unknown, keeps the others', () => {
    expect(point('SC-02').aops[0]!.seuil).toEqual({
      grave: null,
      majeur: null,
      mineur: { operateur: '>', valeur: 1.3 },
    });
  });

  it('keeps the non-archived groups and lines of the visit labels, blank', () => {
    expect(g.groupesSysExploitation.map((x) => x.id)).toEqual(['g-surf']);
    expect(g.groupesSysExploitation[0]!.points.map((p) => [p.code, p.dec, p.valeur])).toEqual([
      ['a1', 0, null],
      ['a2', 0, null],
      ['a3', 0, null],
      ['a6', 2, null],
    ]);
  });

  it('is a valid, blank, incomplete grid that the engine runs on', () => {
    expect(grilleSchema.parse(g)).toEqual(g);
    expect(g.manquements).toEqual([]);
    expect(validerGrille(g).valide).toBe(false);
    let h = g;
    for (const [code, v] of [
      ['a1', '20'],
      ['a2', '10'],
      ['a3', '50'],
    ] as const)
      h = saisirValeurExploitation(h, code, v).grille;
    expect(h.categories[0]!.points[0]!.aops[0]!.saisie).toMatchObject({
      valeur: '0,60',
      conformite: 'NC',
      gravite: 'MAJEUR',
    });
    expect(h.manquements.map((m) => m.key)).toEqual(['SC-01-aop-comte']);
  });

  it('an empty referential gives an empty grid', () => {
    expect(
      construireGrille({
        aopIgps: [],
        categories: [],
        pointsControle: [],
        pointsControleAop: [],
        groupesSysExp: [],
        pointsSysExp: [],
      }),
    ).toEqual({ categories: [], groupesSysExploitation: [], manquements: [] });
  });

  it('builds the same grid whatever order the store returns the rows in', () => {
    const ref = referentiel();
    const permutation = <T>(rows: readonly T[]) =>
      fc.shuffledSubarray([...rows], { minLength: rows.length });
    fc.assert(
      fc.property(
        permutation(ref.categories),
        permutation(ref.pointsControle),
        permutation(ref.groupesSysExp),
        permutation(ref.pointsSysExp),
        (categories, pointsControle, groupesSysExp, pointsSysExp) => {
          const melange = { ...ref, categories, pointsControle, groupesSysExp, pointsSysExp };
          expect(construireGrille(melange)).toEqual(g);
        },
      ),
    );
  });
});
