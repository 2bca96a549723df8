import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyserFormule,
  calculerFormule,
  formaterResultat,
  terminer,
  type LecteurValeurs,
} from '.';

/** An independent model of a formula: printed to text, evaluated without our parser. */
type Arbre =
  | { n: number }
  | { code: string }
  | { moins: Arbre }
  | { op: '+' | '-' | '*' | '/'; g: Arbre; d: Arbre };

const CODES = ['a1', 'a2', 'a3', 'a12'];
const arbre = fc.letrec<{ arbre: Arbre }>((tie) => ({
  arbre: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 999 }).map((n) => ({ n })),
    fc.constantFrom(...CODES).map((code) => ({ code })),
    tie('arbre').map((a) => ({ moins: a })),
    fc.record({ op: fc.constantFrom('+', '-', '*', '/'), g: tie('arbre'), d: tie('arbre') }),
  ),
})).arbre;

/** Fully parenthesised, so the printed text leaves no precedence to the parser's choice... */
function imprimer(a: Arbre): string {
  if ('n' in a) return String(a.n);
  if ('code' in a) return a.code;
  if ('moins' in a) return `-(${imprimer(a.moins)})`;
  return `(${imprimer(a.g)} ${a.op} ${imprimer(a.d)})`;
}

/** ...and a minimal printing that relies on precedence and associativity. */
function imprimerMinimal(a: Arbre, parent = 0, droite = false): string {
  if ('n' in a) return String(a.n);
  if ('code' in a) return a.code;
  if ('moins' in a) return `-${imprimerMinimal(a.moins, 3)}`;
  const p = a.op === '+' || a.op === '-' ? 1 : 2;
  const texte = `${imprimerMinimal(a.g, p)} ${a.op} ${imprimerMinimal(a.d, p, true)}`;
  return p < parent || (p === parent && droite) ? `(${texte})` : texte;
}

function reference(a: Arbre, v: Record<string, number>): number {
  if ('n' in a) return a.n;
  if ('code' in a) return v[a.code]!;
  if ('moins' in a) return -reference(a.moins, v);
  const g = reference(a.g, v);
  const d = reference(a.d, v);
  return a.op === '+' ? g + d : a.op === '-' ? g - d : a.op === '*' ? g * d : g / d;
}

const valeurs = fc.record(
  Object.fromEntries(CODES.map((c) => [c, fc.integer({ min: -50, max: 50 })])),
);
const lecteurDe =
  (v: Record<string, number>): LecteurValeurs =>
  (code) =>
    code in v ? { nombre: v[code]!, date: false } : undefined;

describe('formula engine properties', () => {
  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...Array.from('a1 2,.+-*/()x')) })),
        fc.integer({ min: -3, max: 25 }),
        (texte, dec) => {
          const r = calculerFormule('a9', texte, lecteurDe({ a1: 3, a2: 0 }), dec);
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['fully parenthesised', imprimer],
    ['with minimal parentheses', (a: Arbre) => imprimerMinimal(a)],
  ])('evaluates generated expressions like a reference evaluator (%s)', (_, impression) => {
    fc.assert(
      fc.property(arbre, valeurs, fc.integer({ min: 0, max: 4 }), (a, v, dec) => {
        const attendu = terminer({ nombre: reference(a, v), date: false }, dec);
        expect(calculerFormule('a9', impression(a), lecteurDe(v), dec)).toEqual(attendu);
      }),
      { numRuns: 1000 },
    );
  });

  it('parses every generated expression and lists exactly the codes it reads', () => {
    fc.assert(
      fc.property(arbre, (a) => {
        const codes = new Set<string>();
        const collecter = (x: Arbre): void => {
          if ('code' in x) codes.add(x.code);
          else if ('moins' in x) collecter(x.moins);
          else if ('op' in x) {
            collecter(x.g);
            collecter(x.d);
          }
        };
        collecter(a);
        const r = analyserFormule(imprimerMinimal(a));
        expect(r.ok && new Set(r.codes)).toEqual(codes);
      }),
    );
  });

  it('displays what it computes: the text reads back as the value', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        (n, dec) => {
          const r = terminer({ nombre: n, date: false }, dec);
          expect(r.ok && Number(r.texte!.replace(',', '.'))).toBe(r.ok && r.valeur);
          expect(formaterResultat(n, dec).split(',')[1]?.length ?? 0).toBe(dec);
        },
      ),
    );
  });
});
