import { describe, expect, it } from 'vitest';
import {
  analyserFormule,
  arrondir,
  calculerFormule,
  decouper,
  formaterResultat,
  lireValeurExploitation,
  type LecteurValeurs,
} from '.';

/** A reader over plain texts, as the grid stores them; codes not listed are absent. */
const lecteur =
  (valeurs: Record<string, string | null>): LecteurValeurs =>
  (code) => {
    if (!(code in valeurs)) return undefined;
    const lu = lireValeurExploitation(valeurs[code]);
    return lu === 'invalide' ? null : lu;
  };

describe('exploitation values', () => {
  it.each([
    ['12', { nombre: 12, date: false }],
    ['-3', { nombre: -3, date: false }],
    ['1,45', { nombre: 1.45, date: false }],
    ['1.45', { nombre: 1.45, date: false }],
    [' 4600 ', { nombre: 4600, date: false }],
    [',5', { nombre: 0.5, date: false }],
    ['01/01/1970', { nombre: 0, date: true }],
    ['02-01-1970', { nombre: 1, date: true }],
    ['29/02/2024', { nombre: 19782, date: true }],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    ['31/02/2024', 'invalide'],
    ['29/02/2023', 'invalide'],
    ['12/13/2024', 'invalide'],
    ['01/02-2024', 'invalide'],
    ['1 000', 'invalide'],
    ['abc', 'invalide'],
    ['1,2,3', 'invalide'],
  ])('%j reads as %j', (texte, attendu) => {
    expect(lireValeurExploitation(texte)).toEqual(attendu);
  });
});

describe('rounding and display', () => {
  it.each([
    [1.005, 2, 1.01],
    [1.45, 1, 1.5],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [4000.4, 0, 4000],
    [1 / 3, 2, 0.33],
    [12, undefined, 12],
    [1.2345, -1, 1],
    [1e21, 2, 1e21],
  ])('arrondir(%f, %j) = %f', (n, dec, attendu) => {
    expect(arrondir(n, dec)).toBe(attendu);
  });

  it.each([
    [1.15, 2, '1,15'],
    [0.8, 2, '0,80'],
    [5375, 0, '5375'],
    [91.6666, 1, '91,7'],
    [-0.001, 2, '0,00'],
    [-1.5, 1, '-1,5'],
    [7, undefined, '7'],
  ])('formaterResultat(%f, %j) = %s', (n, dec, attendu) => {
    expect(formaterResultat(n, dec)).toBe(attendu);
  });
});

describe('formulas are computed exactly, then rounded once (spec part 2 §5)', () => {
  const calculer = (formule: string, valeurs: Record<string, string>, dec: number) => {
    const r = calculerFormule('a9', formule, lecteur(valeurs), dec);
    return r.ok ? r.texte : r.erreur;
  };

  it.each([
    // Binary floating point: 27.2 / 34 = 0.7999999999999999, 1.1 + 2.2 = 3.3000000000000003.
    ['(a1 + a2) / a3', { a1: '27,2', a2: '0', a3: '34' }, 2, '0,80'],
    ['(a1 + a2) / a3', { a1: '27,2', a2: '0', a3: '34' }, 20, '0,80000000000000000000'],
    ['a1 + a2', { a1: '1,1', a2: '2,2' }, 15, '3,300000000000000'],
    // Ties round half away from zero, also when reached through a division: a decimal library
    // at 20 significant digits gives 1,004999… for 1,005 / 11 * 11, hence 1,00.
    ['a1', { a1: '1,005' }, 2, '1,01'],
    ['a1 / 11 * 11', { a1: '1,005' }, 2, '1,01'],
    ['a1 / 3 * 3', { a1: '2,675' }, 2, '2,68'],
    ['-a1', { a1: '1,005' }, 2, '-1,01'],
    ['a1 * a2', { a1: '0,1', a2: '1,25' }, 2, '0,13'],
    ['a1 / a2', { a1: '1', a2: '3' }, 4, '0,3333'],
    ['a1 / a2', { a1: '2', a2: '3' }, 0, '1'],
    // Non-finite is 0; a date difference is a duration.
    ['a1 / a2', { a1: '5', a2: '0' }, 2, '0,00'],
    ['a1 - a2', { a1: '01/01/2024', a2: '11/01/2024' }, 0, '10'],
  ])('%s with %j at %i decimals → %s', (formule, valeurs, dec, attendu) => {
    expect(calculer(formule, valeurs, dec)).toBe(attendu);
  });
});

describe('tokenizer', () => {
  it('reads codes, numbers with point or comma, operators and parentheses', () => {
    const r = decouper('(A1 + a12) * 1,5 - 2.25 / a3');
    expect(r.ok && r.jetons.map((j) => j.type)).toEqual([
      'parenthese',
      'code',
      'operateur',
      'code',
      'parenthese',
      'operateur',
      'nombre',
      'operateur',
      'nombre',
      'operateur',
      'code',
      'fin',
    ]);
    expect(r.ok && r.jetons[1]).toEqual({ type: 'code', code: 'a1', position: 1 });
    expect(r.ok && r.jetons[6]).toEqual({ type: 'nombre', valeur: 1.5, position: 13 });
  });

  it.each([['b1'], ['a'], ['12a3'], ['a1 ^ 2'], ['a1 % 2'], ['x']])('refuses %s', (f) => {
    expect(decouper(f).ok).toBe(false);
  });
});

describe('parser', () => {
  it('gives * and / precedence over + and -, left to right', () => {
    const r = analyserFormule('a1 - a2 - a3 * a4 / a5');
    expect(r).toMatchObject({
      ok: true,
      codes: ['a1', 'a2', 'a3', 'a4', 'a5'],
      expression: {
        operateur: '-',
        gauche: { operateur: '-', gauche: { code: 'a1' }, droite: { code: 'a2' } },
        droite: {
          operateur: '/',
          gauche: { operateur: '*', gauche: { code: 'a3' }, droite: { code: 'a4' } },
          droite: { code: 'a5' },
        },
      },
    });
  });

  it('reads unary minus tighter than *, and unary plus as nothing', () => {
    expect(analyserFormule('-a1 * +2')).toMatchObject({
      ok: true,
      expression: {
        operateur: '*',
        gauche: { type: 'oppose', operande: { code: 'a1' } },
        droite: { type: 'nombre', valeur: 2 },
      },
    });
  });

  it('lists each code once', () => {
    expect(analyserFormule('a1 / (a1 + a2)')).toMatchObject({ codes: ['a1', 'a2'] });
  });

  it.each([
    ['', 0],
    ['a1 +', 4],
    ['(a1 + a2', 8],
    ['a1 + a2)', 7],
    ['a1 a2', 3],
    ['* a1', 0],
    ['()', 0],
    [')', 0],
    ['a1 + b2', 5],
  ])('refuses %j at position %i', (formule, position) => {
    expect(analyserFormule(formule)).toMatchObject({ ok: false, position });
  });

  it('refuses nesting deeper than 200 levels instead of exhausting the stack', () => {
    expect(analyserFormule('('.repeat(150) + 'a1' + ')'.repeat(150)).ok).toBe(true);
    expect(analyserFormule('('.repeat(300) + 'a1' + ')'.repeat(300)).ok).toBe(false);
    expect(analyserFormule('-'.repeat(5000) + 'a1').ok).toBe(false);
  });
});

describe('calculerFormule', () => {
  const valeurs = lecteur({
    a1: '48',
    a2: '12',
    a3: '52',
    a4: '0',
    a5: null,
    a6: 'n/a',
    a30: '12/01/2024',
    a31: '20/05/2024',
  });

  it.each([
    ['(a1 + a2) / a3', 2, 1.15, '1,15'],
    ['a1 / (a1 + a2) * 100', 1, 80, '80,0'],
    ['-a1 + 50', 0, 2, '2'],
    ['a1 / a4', 2, 0, '0,00'],
    ['a4 / a4', 0, 0, '0'],
    ['a31 - a30', 0, 129, '129'],
    ['a30 - a31', 0, 129, '129'],
    ['(a31 - a30) / 7', 1, 18.4, '18,4'],
    ['a1 + a5', 0, null, null],
    ['a6 * 2', 0, null, null],
    ['2,5 * 2', 0, 5, '5'],
  ])('%s (dec %i) = %j', (formule, dec, valeur, texte) => {
    expect(calculerFormule('a9', formule, valeurs, dec)).toEqual({ ok: true, valeur, texte });
  });

  it('rounds to no decimal by default', () => {
    expect(calculerFormule('a9', 'a1 / a3', valeurs)).toEqual({ ok: true, valeur: 1, texte: '1' });
  });

  it.each([
    ['a1 + a99', 'CODE_ABSENT'],
    ['a1 +', 'SYNTAXE'],
    ['a1 + b2', 'SYNTAXE'],
  ])('%s fails with %s, as a value', (formule, erreur) => {
    expect(calculerFormule('a9', formule, valeurs)).toEqual({
      ok: false,
      erreur,
      code: 'a9',
      formule,
    });
  });
});
