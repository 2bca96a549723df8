import { describe, expect, it } from 'vitest';
import { controlerFormule, messageDefautFormule } from './controle';

const SYSTEME = [
  { code: 'a1', formule: null },
  { code: 'a2', formule: null },
  { code: 'a3', formule: 'a1 / a2' },
  { code: 'a4', formule: 'a3 * 100' },
];

describe('controlerFormule (settings check of an exploitation formula)', () => {
  it.each([
    ['a1 + a2', null],
    ['(A1 + a2) / 2,5', null],
    ['a4 - a3', null],
  ])('%s is accepted', (formule, attendu) => {
    expect(controlerFormule('a9', formule, SYSTEME)).toEqual(attendu);
  });

  it.each([
    ['a1 +', 4],
    ['a1 ** a2', 3],
    ['(a1', 3],
    ['12a3', 0],
    ['a1 ; drop', 3],
  ])('%s is a syntax error at its position', (formule, position) => {
    expect(controlerFormule('a9', formule, SYSTEME)).toMatchObject({ type: 'SYNTAXE', position });
  });

  it('says a code is archived (line or group) rather than unknown', () => {
    const archivees = [{ code: 'a5' }, { code: 'a6', groupeArchive: 'Ancien cahier' }];
    expect(controlerFormule('a9', 'a1 + A5', SYSTEME, archivees)).toEqual({
      type: 'CODE_ARCHIVE',
      code: 'a5',
      groupeArchive: null,
    });
    expect(controlerFormule('a9', 'a6 * 2', SYSTEME, archivees)).toEqual({
      type: 'CODE_ARCHIVE',
      code: 'a6',
      groupeArchive: 'Ancien cahier',
    });
    // A code neither in the grid nor archived is still unknown.
    expect(controlerFormule('a9', 'a7', SYSTEME, archivees)).toEqual({
      type: 'CODE_ABSENT',
      codes: ['a7'],
    });
  });

  it('names every unknown code, case-blind', () => {
    expect(controlerFormule('a9', 'A1 + a7 + a8', SYSTEME)).toEqual({
      type: 'CODE_ABSENT',
      codes: ['a7', 'a8'],
    });
  });

  it('refuses a line reading itself, directly or through other lines, and says the loop', () => {
    expect(controlerFormule('a9', 'a9 + 1', SYSTEME)).toEqual({
      type: 'CYCLE',
      chemin: ['a9', 'a9'],
    });
    // a1 becomes a4 / 2: a4 → a3 → a1 → a4.
    expect(controlerFormule('a1', 'a4 / 2', SYSTEME)).toEqual({
      type: 'CYCLE',
      chemin: ['a1', 'a4', 'a3', 'a1'],
    });
  });

  it('a diamond (two paths to the same line) is not a loop', () => {
    const lignes = [...SYSTEME, { code: 'a5', formule: 'a3 + a4' }];
    expect(controlerFormule('a6', 'a5 + a3', lignes)).toBeNull();
  });
});

describe('messageDefautFormule', () => {
  it('says each fault in French, the position counted from 1', () => {
    expect(
      messageDefautFormule({
        type: 'SYNTAXE',
        position: 3,
        faute: { type: 'OPERATEUR_INCONNU', texte: '**', position: 3 },
      }),
    ).toBe('Opérateur inconnu « ** » à la position 4 : seuls + - * / sont admis');
    expect(messageDefautFormule({ type: 'CODE_ARCHIVE', code: 'a5', groupeArchive: null })).toBe(
      "La ligne a5 est archivée : une formule ne peut pas la lire ; désarchivez-la d'abord",
    );
    expect(
      messageDefautFormule({ type: 'CODE_ARCHIVE', code: 'a6', groupeArchive: 'Ancien cahier' }),
    ).toBe(
      "La ligne a6 est dans le groupe archivé « Ancien cahier » : une formule ne peut pas la lire ; désarchivez le groupe d'abord",
    );
    expect(messageDefautFormule({ type: 'CODE_ABSENT', codes: ['a7'] })).toBe(
      "Le code a7 n'est pas présent dans le système d'exploitation",
    );
    expect(messageDefautFormule({ type: 'CODE_ABSENT', codes: ['a7', 'a8'] })).toBe(
      "Les codes a7, a8 ne sont pas présents dans le système d'exploitation",
    );
    expect(messageDefautFormule({ type: 'CYCLE', chemin: ['a1', 'a3', 'a1'] })).toBe(
      'La formule forme une boucle : a1 → a3 → a1',
    );
  });
});
