import { describe, expect, it } from 'vitest';
import type { Conformite, Severite, SourcePoint } from '../enums';
import {
  categoriesIncompletes,
  entreeComplete,
  groupeComplet,
  systemeExploitationIncomplet,
  validerGrille,
} from './completude';
import { ignorerGroupe, saisirValeurExploitation } from './exploitation';
import { grilleComteDemo } from './fixtures';
import { saisirPoint } from './saisie';
import type { GroupeSysExp, SaisieAop } from './schemas';
import { entreeAop } from './saisie.test-helpers';

const entree = (
  conformite: Conformite | null,
  valeur: string | null,
  gravite: Severite | null,
): SaisieAop => entreeAop({ valeur, conformite, gravite });

describe('a point is complete when conformity AND (CONSTAT or SO/NO or value) AND (not NC or severity)', () => {
  it.each<[SourcePoint, Conformite | null, string | null, Severite | null, boolean]>([
    ['NUMERIQUE', null, '12', null, false],
    ['CONSTAT', null, null, null, false],
    ['NUMERIQUE', 'C', '12', null, true],
    ['NUMERIQUE', 'C', null, null, false],
    ['NUMERIQUE', 'C', '  ', null, false],
    ['EXPLOITATION', 'C', null, null, false],
    ['CONSTAT', 'C', null, null, true],
    ['NUMERIQUE', 'SO', null, null, true],
    ['NUMERIQUE', 'NO', null, null, true],
    ['NUMERIQUE', 'NC', '30', null, false],
    ['NUMERIQUE', 'NC', '30', 'GRAVE', true],
    ['CONSTAT', 'NC', null, 'SEUIL_1', true],
    ['CONSTAT', 'NC', null, null, false],
    // A value must read as an integer, a decimal or a date (spec part 2 §5), except a finding.
    ['NUMERIQUE', 'NC', 'abc', 'MAJEUR', false],
    ['NUMERIQUE', 'C', '1 000', null, false],
    ['EXPLOITATION', 'C', '1,2,3', null, false],
    ['NUMERIQUE', 'C', '17,5', null, true],
    ['NUMERIQUE', 'C', '01/02/2024', null, true],
    ['CONSTAT', 'C', 'abc', null, true],
    ['NUMERIQUE', 'SO', 'abc', null, true],
    ['NUMERIQUE', 'NO', 'abc', null, true],
  ])('%s %s value %j severity %s → %j', (source, conformite, valeur, gravite, attendu) => {
    expect(entreeComplete(entree(conformite, valeur, gravite), source)).toBe(attendu);
  });
});

describe('exploitation groups', () => {
  const groupe = (ignore: boolean, ...valeurs: (string | null)[]): GroupeSysExp => ({
    id: 'g',
    libelle: 'Surfaces',
    ignore,
    points: valeurs.map((valeur, i) => ({
      id: `p${i}`,
      code: `a${i}`,
      libelle: 'l',
      formule: null,
      valeur,
      unite: null,
      dec: 0,
      declaratif: null,
    })),
  });

  it.each([
    [groupe(false, '1', '2,5', '01/02/2024'), true],
    [groupe(false, '1', null), false],
    [groupe(false, '1', 'beaucoup'), false],
    [groupe(true, null, null), true],
    [groupe(false), true],
  ])('%# complete: %j', (g, attendu) => {
    expect(groupeComplet(g)).toBe(attendu);
  });
});

describe('validerGrille gates step 3 → 4', () => {
  it('lists incomplete tabs with the spec message', () => {
    const g = grilleComteDemo();
    expect(validerGrille(g)).toEqual({
      valide: false,
      categoriesIncompletes: g.categories.map((c) => c.id),
      groupesIncomplets: g.groupesSysExploitation.map((x) => x.id),
      message: "Des éléments de la grille de saisie n'ont pas été renseignés",
    });
    expect(systemeExploitationIncomplet(g)).toBe(true);
  });

  it('passes once every point and group is complete', () => {
    let g = grilleComteDemo();
    for (const x of g.groupesSysExploitation.slice(1)) g = ignorerGroupe(g, x.id, true).grille;
    for (const [code, v] of [
      ['a1', '40'],
      ['a2', '10'],
      ['a3', '45'],
    ])
      g = saisirValeurExploitation(g, code!, v!).grille;
    expect(systemeExploitationIncomplet(g)).toBe(false);
    expect(categoriesIncompletes(g)).toHaveLength(g.categories.length);
    for (const c of g.categories)
      for (const p of c.points)
        for (const e of p.aops)
          if (!e.saisie.conformite)
            g = saisirPoint(
              g,
              { pointId: p.id, aopIgpId: e.aopIgpId },
              { conformite: 'NO' },
            ).grille;
    expect(validerGrille(g)).toEqual({
      valide: true,
      categoriesIncompletes: [],
      groupesIncomplets: [],
      message: null,
    });
  });
});
