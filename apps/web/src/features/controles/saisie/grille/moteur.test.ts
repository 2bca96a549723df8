import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaisieAop } from '@estive/domain';
import { grilleComteDemo } from '@estive/domain/demo';
import { ouvrirBase, type EstiveDb } from '../../../../offline/db';
import {
  aopIgpLocal,
  categorieLocale,
  controleLocal,
  groupeSysExpLocal,
  pointControleAopLocal,
  pointControleLocal,
  pointSysExpLocal,
} from '../../../../offline/fixtures.test-helpers';
import { construireGrille } from './construire';
import {
  explicationEntree,
  messageErreurFormule,
  pointComplet,
  resultatAop,
  saisirPoint,
  saisirValeurExploitation,
  validerGrille,
} from './moteur';

/** The web seam only reads Dexie and re-exports the domain: these tests pin that wiring. */
describe('construireGrille (Dexie adapter)', () => {
  let base: EstiveDb;
  afterEach(() => base.delete());

  it('reads the reference tables and builds the visit grid with the domain', async () => {
    base = ouvrirBase(`test-${crypto.randomUUID()}`);
    await base.categorie.bulkPut([categorieLocale({ id: 'cat-1', libelle: 'Surfaces', ordre: 1 })]);
    await base.pointcontrole.bulkPut([
      pointControleLocal({
        id: 'pc-1',
        code: 'SC-01',
        libelle: 'Surface par VL',
        source: 'EXPLOITATION',
        ordre: 1,
        categorieId: 'cat-1',
        archive: false,
      }),
      pointControleLocal({
        id: 'pc-2',
        code: 'SC-02',
        libelle: 'Archivé',
        source: 'NUMERIQUE',
        ordre: 2,
        categorieId: 'cat-1',
        archive: true,
      }),
    ]);
    await base.pointcontroleaop.bulkPut([
      pointControleAopLocal({
        id: 'l-1',
        pointControleId: 'pc-1',
        aopIgpId: 'aop-comte',
        pointSystemeExploitationId: 'pse-a6',
        seuil: {
          grave: { operateur: '<', valeur: 0.5 },
          majeur: { operateur: '<', valeur: 0.8 },
          mineur: null,
        },
      }),
      pointControleAopLocal({ id: 'l-2', pointControleId: 'pc-2', aopIgpId: 'aop-comte' }),
      pointControleAopLocal({ id: 'l-3', pointControleId: 'pc-1', aopIgpId: 'aop-beaufort' }),
    ]);
    await base.groupesysexp.bulkPut([
      groupeSysExpLocal({
        id: 'g-1',
        libelle: 'Surfaces',
        ordre: 1,
        aopIgpIds: ['aop-comte'],
        archive: false,
      }),
      groupeSysExpLocal({
        id: 'g-2',
        libelle: 'Beaufort',
        ordre: 2,
        aopIgpIds: ['aop-beaufort'],
        archive: false,
      }),
    ]);
    await base.pointsysexp.bulkPut([
      pointSysExpLocal({
        id: 'pse-a1',
        code: 'a1',
        libelle: 'Surface',
        ordre: 1,
        groupeSystemeExploitationId: 'g-1',
        archive: false,
      }),
      pointSysExpLocal({
        id: 'pse-a3',
        code: 'a3',
        libelle: 'VL',
        ordre: 2,
        groupeSystemeExploitationId: 'g-1',
        archive: false,
      }),
      pointSysExpLocal({
        id: 'pse-a6',
        code: 'a6',
        libelle: 'Surface par VL',
        ordre: 3,
        formule: 'a1 / a3',
        dec: 2,
        groupeSystemeExploitationId: 'g-1',
        archive: false,
      }),
      pointSysExpLocal({
        id: 'pse-b1',
        code: 'b1',
        libelle: 'Autre',
        ordre: 1,
        groupeSystemeExploitationId: 'g-2',
        archive: false,
      }),
    ]);
    const controle = controleLocal({ id: 'c1', aopIgp: aopIgpLocal('aop-comte', 'Comté') });

    const g = await construireGrille(base, [controle, controle]);

    expect(g.categories.map((c) => c.points.map((p) => p.code))).toEqual([['SC-01']]);
    expect(g.categories[0]!.points[0]!.aops).toEqual([
      expect.objectContaining({ aopIgpId: 'aop-comte', exploitationCode: 'a6', migre: false }),
    ]);
    expect(g.groupesSysExploitation.map((x) => x.points.map((p) => p.code))).toEqual([
      ['a1', 'a3', 'a6'],
    ]);
    let h = saisirValeurExploitation(g, 'a1', '30').grille;
    h = saisirValeurExploitation(h, 'a3', '50').grille;
    expect(h.categories[0]!.points[0]!.aops[0]!.saisie).toMatchObject({
      valeur: '0,60',
      conformite: 'NC',
      gravite: 'MAJEUR',
    });
    expect(resultatAop(h, 'aop-comte')).toBe('NON_CONFORME');
  });
});

describe('engine seam', () => {
  const cle = { pointId: 'pc-TL-01', aopIgpId: 'aop-comte' };
  const entree = (g = grilleComteDemo()): SaisieAop =>
    g.categories.flatMap((c) => c.points).find((p) => p.id === cle.pointId)!.aops[0]!;

  it.each([
    [
      'auto-evaluated value',
      { valeur: '19' },
      'Valeur 19 ≥ 18 (seuil mineur) : non conforme, gravité mineur',
    ],
    [
      'conforming value',
      { valeur: '4' },
      'Valeur 4 : aucun seuil atteint (mineur ≥ 18) : conforme',
    ],
    ['conformity overridden by hand', { valeur: '19', conformite: 'C' as const }, null],
    ['no conformity yet', { observation: 'RAS' }, null],
    ['SO chosen', { conformite: 'SO' as const }, null],
  ])('explains the row: %s', (_, patch, attendu) => {
    const g = saisirPoint(grilleComteDemo(), cle, patch).grille;
    expect(explicationEntree('NUMERIQUE', entree(g))).toBe(attendu);
  });

  it('cites the unit of the linked exploitation line', () => {
    const g = saisirPoint(grilleComteDemo(), cle, { valeur: '19' }).grille;
    expect(explicationEntree('NUMERIQUE', entree(g), '°C')).toBe(
      'Valeur 19 °C ≥ 18 (seuil mineur) : non conforme, gravité mineur',
    );
  });

  it('explains a computed row with the value its field shows (27,2 ha for 34 cows: 0,8000)', () => {
    let g = grilleComteDemo();
    for (const [code, v] of [
      ['a1', '27,2'],
      ['a2', '0'],
      ['a3', '34'],
    ] as const)
      g = saisirValeurExploitation(g, code, v).grille;
    const herbe = g.categories.flatMap((c) => c.points).find((p) => p.code === 'SC-01')!;
    expect(herbe.aops[0]!.saisie.valeur).toBe('0,8000');
    expect(explicationEntree('EXPLOITATION', herbe.aops[0]!, 'ha/VL')).toBe(
      'Valeur 0,8000 ha/VL < 1 (seuil mineur) : non conforme, gravité mineur',
    );
  });

  it('"abc" typed after a valid value: no explanation, the point incomplete, the grid invalid', () => {
    let g = saisirPoint(grilleComteDemo(), cle, { valeur: '19' }).grille;
    g = saisirPoint(g, cle, { valeur: 'abc' }).grille;
    const point = g.categories.flatMap((c) => c.points).find((p) => p.id === cle.pointId)!;
    expect(explicationEntree('NUMERIQUE', entree(g))).toBeNull();
    expect(pointComplet(point)).toBe(false);
    expect(validerGrille(g).categoriesIncompletes).toContain(
      g.categories.find((c) => c.points.includes(point))!.id,
    );
  });

  it('gates step 3 → 4 with the spec message', () => {
    expect(validerGrille(grilleComteDemo())).toMatchObject({
      valide: false,
      message: "Des éléments de la grille de saisie n'ont pas été renseignés",
    });
  });

  it('words formula errors as the spec does', () => {
    expect(
      messageErreurFormule({ ok: false, erreur: 'CODE_ABSENT', code: 'a6', formule: 'a1 / a99' }),
    ).toBe(
      "La ligne a6 n'est pas calculable car un code de sa formule (a1 / a99) n'est pas présent dans le système d'exploitation",
    );
  });
});
