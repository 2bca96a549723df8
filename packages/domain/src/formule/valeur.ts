import { formaterFraction, fractionDeNombre } from './exact';

/**
 * A value of the exploitation system as a formula sees it. Dates count in days since the epoch
 * (spec part 2 §5), and remember they were dates: a result computed from a date is a duration,
 * shown as an absolute value.
 */
export interface ValeurFormule {
  nombre: number;
  date: boolean;
}

/**
 * Reads what the controller typed: an integer, a decimal with point or comma, or a real date
 * dd-mm-yyyy / dd/mm/yyyy. Blank is `null` (not entered yet); anything else is `'invalide'`.
 */
export function lireValeurExploitation(
  texte: string | null | undefined,
): ValeurFormule | null | 'invalide' {
  if (texte == null || texte.trim() === '') return null;
  const t = texte.trim();
  if (DECIMAL.test(t)) return { nombre: Number(t.replace(',', '.')), date: false };
  const jours = lireJours(t);
  return jours === null ? 'invalide' : { nombre: jours, date: true };
}

/** An integer or a decimal with point or comma, signed or not: '12', '-1,45', '0.5', ',5'. */
const DECIMAL = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;
const DATE = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/;

/** Days since 1970-01-01 of a real date dd-mm-yyyy or dd/mm/yyyy (31/02 refused), else null. */
function lireJours(texte: string): number | null {
  const m = DATE.exec(texte);
  if (!m) return null;
  const [jour, mois, annee] = [Number(m[1]), Number(m[3]), Number(m[4])];
  const utc = Date.UTC(annee, mois - 1, jour);
  const d = new Date(utc);
  if (d.getUTCFullYear() !== annee || d.getUTCMonth() !== mois - 1 || d.getUTCDate() !== jour) {
    return null;
  }
  return Math.round(utc / 86_400_000);
}

/**
 * Rounds half away from zero to `dec` decimals, on the decimal the number stands for (1.005
 * rounds to 1.01 like the controller computes by hand; binary `x * 100` would give 100.49999).
 */
export function arrondir(nombre: number, dec = 0): number {
  const f = fractionDeNombre(nombre);
  // From 2^52 on a double holds no fraction: nothing to round.
  if (!f || !(Math.abs(nombre) < 2 ** 52)) return nombre;
  return Number(formaterFraction(f, dec).replace(',', '.'));
}

/** A computed result as stored and shown: French decimal comma, exactly `dec` decimals. */
export function formaterResultat(nombre: number, dec = 0): string {
  const f = fractionDeNombre(nombre);
  return f ? formaterFraction(f, dec) : String(nombre);
}
