/**
 * Exact arithmetic of exploitation formulas (spec part 2 §5, docs/decisions.md 'Formula values
 * are exact'). Formulas only add, subtract, multiply and divide decimal inputs, so every result
 * is a fraction of two integers: kept as such (BigInt), 27,2 / 34 is exactly 4/5 and shows
 * 0,80, where binary floating point gives 0,7999999999999999. Rounding to `dec` decimals is then
 * one integer division, with no tie lost on the way (1,005 → 1,01, also through 1,005 / 11 * 11).
 */

/** An exact value: numerator over a positive denominator, in lowest terms. */
export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

export const ZERO: Fraction = { n: 0n, d: 1n };

function pgcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function reduire(n: bigint, d: bigint): Fraction {
  const signe = d < 0n ? -1n : 1n;
  const g = pgcd(n, d);
  return { n: (signe * n) / g, d: (signe * d) / g };
}

/** Decimal text with point or comma, optional exponent: '27,2', '-.5', '1e+21', '5e-324'. */
const DECIMALE = /^([-+]?)(\d*)(?:[.,](\d*))?(?:e([-+]?\d+))?$/i;
/** Far beyond any double (1e308, 5e-324): refuses texts that would build huge integers. */
const EXPOSANT_MAX = 400;

/** The exact value of a decimal text, or null when it is not one. */
export function fractionDeTexte(texte: string): Fraction | null {
  const m = DECIMALE.exec(texte.trim());
  if (!m) return null;
  const [, signe = '', entiers = '', decimales = '', exposant = '0'] = m;
  const chiffres = entiers + decimales;
  if (chiffres === '') return null;
  const puissance = Number(exposant) - decimales.length;
  if (Math.abs(puissance) > EXPOSANT_MAX) return null;
  const n = BigInt(signe + chiffres);
  return puissance >= 0
    ? { n: n * 10n ** BigInt(puissance), d: 1n }
    : reduire(n, 10n ** BigInt(-puissance));
}

/**
 * The exact value a double stands for: the decimal JavaScript prints for it (the shortest that
 * reads back as the same double), so a number read from '27,2' is exactly 27,2 again. Null when
 * not finite.
 */
export function fractionDeNombre(nombre: number): Fraction | null {
  return Number.isFinite(nombre) ? fractionDeTexte(String(nombre)) : null;
}

export const ajouter = (a: Fraction, b: Fraction): Fraction =>
  reduire(a.n * b.d + b.n * a.d, a.d * b.d);
export const soustraire = (a: Fraction, b: Fraction): Fraction =>
  reduire(a.n * b.d - b.n * a.d, a.d * b.d);
export const multiplier = (a: Fraction, b: Fraction): Fraction => reduire(a.n * b.n, a.d * b.d);
/** Null for a division by zero (the result is not finite). */
export const diviser = (a: Fraction, b: Fraction): Fraction | null =>
  b.n === 0n ? null : reduire(a.n * b.d, a.d * b.n);
export const oppose = (a: Fraction): Fraction => (a.n === 0n ? a : { n: -a.n, d: a.d });
export const absolue = (a: Fraction): Fraction => (a.n < 0n ? { n: -a.n, d: a.d } : a);

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export function comparer(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const ecart = a.n * b.d - b.n * a.d;
  return ecart < 0n ? -1 : ecart > 0n ? 1 : 0;
}

/** `dec` as the engine reads it: a whole number of decimals from 0 to 20 (default 0). */
export const decimales = (dec = 0): number =>
  Number.isFinite(dec) ? Math.min(20, Math.max(0, Math.trunc(dec))) : 0;

/** The value rounded half away from zero, counted in units of 10^-dec. */
function unites(f: Fraction, dec: number): bigint {
  const abs = (f.n < 0n ? -f.n : f.n) * 10n ** BigInt(dec);
  let q = abs / f.d;
  if (2n * (abs % f.d) >= f.d) q += 1n;
  return f.n < 0n ? -q : q;
}

/** Rounded half away from zero to `dec` decimals (spec: results are rounded to the point's dec). */
export function arrondirFraction(f: Fraction, dec = 0): Fraction {
  const d = decimales(dec);
  return reduire(unites(f, d), 10n ** BigInt(d));
}

/**
 * The value rounded to `dec` decimals as the grid stores and shows it: French decimal comma,
 * exactly `dec` decimals, no sign on a zero ('0,00', not '-0,00').
 */
export function formaterFraction(f: Fraction, dec = 0): string {
  const d = decimales(dec);
  const u = unites(f, d);
  const chiffres = (u < 0n ? -u : u).toString().padStart(d + 1, '0');
  const entiers = chiffres.slice(0, chiffres.length - d);
  const texte = d === 0 ? entiers : `${entiers},${chiffres.slice(chiffres.length - d)}`;
  return u < 0n ? `-${texte}` : texte;
}
