import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyserFormule,
  calculerFormule,
  formaterResultat,
  fractionDeNombre,
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

/** An exact fraction [numerator, denominator > 0], or null once a division by zero occurred. */
type Q = readonly [bigint, bigint] | null;

/** The reference: exact rationals written apart from the engine's (inputs are hundredths). */
function reference(a: Arbre, v: Record<string, number>): Q {
  if ('n' in a) return [BigInt(a.n), 1n];
  if ('code' in a) return [BigInt(Math.round(v[a.code]! * 100)), 100n];
  if ('moins' in a) {
    const m = reference(a.moins, v);
    return m && [-m[0], m[1]];
  }
  const g = reference(a.g, v);
  const d = reference(a.d, v);
  if (!g || !d) return null;
  if (a.op === '+') return [g[0] * d[1] + d[0] * g[1], g[1] * d[1]];
  if (a.op === '-') return [g[0] * d[1] - d[0] * g[1], g[1] * d[1]];
  if (a.op === '*') return [g[0] * d[0], g[1] * d[1]];
  if (d[0] === 0n) return null;
  return d[0] < 0n ? [-g[0] * d[1], -g[1] * d[0]] : [g[0] * d[1], g[1] * d[0]];
}

/** The spec's finishing: non-finite is 0, then half away from zero to `dec` decimals, French. */
function texteAttendu(q: Q, dec: number): string {
  const [n, d] = q ?? [0n, 1n];
  const abs = (n < 0n ? -n : n) * 10n ** BigInt(dec);
  const u = abs / d + (2n * (abs % d) >= d ? 1n : 0n);
  const chiffres = u.toString().padStart(dec + 1, '0');
  const entiers = chiffres.slice(0, chiffres.length - dec);
  const texte = dec === 0 ? entiers : `${entiers},${chiffres.slice(chiffres.length - dec)}`;
  return n < 0n && u !== 0n ? `-${texte}` : texte;
}

/** Inputs as typed: decimals with up to two digits ('27,2', '-0,05'). */
const valeurs = fc.record(
  Object.fromEntries(
    CODES.map((c) => [c, fc.integer({ min: -5000, max: 5000 }).map((x) => x / 100)]),
  ),
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
        const texte = texteAttendu(reference(a, v), dec);
        expect(calculerFormule('a9', impression(a), lecteurDe(v), dec)).toEqual({
          ok: true,
          valeur: Number(texte.replace(',', '.')),
          texte,
        });
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
          const r = terminer({ valeur: fractionDeNombre(n), date: false }, dec);
          expect(r.ok && Number(r.texte!.replace(',', '.'))).toBe(r.ok && r.valeur);
          expect(formaterResultat(n, dec).split(',')[1]?.length ?? 0).toBe(dec);
        },
      ),
    );
  });
});
