import { analyserFormule, type Expression } from './syntaxe';
import {
  absolue,
  ajouter,
  diviser,
  formaterFraction,
  fractionDeNombre,
  multiplier,
  oppose,
  soustraire,
  ZERO,
  type Fraction,
} from './exact';
import type { ValeurFormule } from './valeur';

/**
 * Why a line cannot be computed. CODE_ABSENT and SYNTAXE are the spec's two messages; CYCLE (a
 * formula that reads itself through other lines) is shown with the 'présente une erreur' one.
 */
export type TypeErreurFormule = 'CODE_ABSENT' | 'SYNTAXE' | 'CYCLE';

export interface ErreurFormule {
  ok: false;
  erreur: TypeErreurFormule;
  /** The line (exploitation point code) whose formula fails. */
  code: string;
  formule: string;
}

/** `valeur` null: an input line is blank (or ignored), the result is blank too, not an error. */
export type ResultatFormule =
  { ok: true; valeur: number | null; texte: string | null } | ErreurFormule;

/**
 * What a formula reads for a code: `undefined` when the code is not in the exploitation system,
 * `null` when it is but has no usable value.
 */
export type LecteurValeurs = (code: string) => ValeurFormule | null | undefined;

/**
 * The exact result of a formula before the finishing rules. `valeur` null: not finite (a
 * division by zero on the way; the whole result is then non-finite, which the spec makes 0).
 */
export interface ValeurExacte {
  valeur: Fraction | null;
  date: boolean;
}

/**
 * Evaluates a parsed tree exactly (`exact.ts`): each number read stands for the decimal it was
 * typed as. `null` as soon as one input is blank.
 */
export function evaluerExpression(
  expression: Expression,
  lire: LecteurValeurs,
): ValeurExacte | null {
  switch (expression.type) {
    case 'nombre':
      return { valeur: fractionDeNombre(expression.valeur), date: false };
    case 'code': {
      const lu = lire(expression.code);
      return lu ? { valeur: fractionDeNombre(lu.nombre), date: lu.date } : null;
    }
    case 'oppose': {
      const v = evaluerExpression(expression.operande, lire);
      return v && { valeur: v.valeur && oppose(v.valeur), date: v.date };
    }
    case 'binaire': {
      const g = evaluerExpression(expression.gauche, lire);
      const d = evaluerExpression(expression.droite, lire);
      if (!g || !d) return null;
      const valeur = g.valeur && d.valeur ? operer(expression.operateur, g.valeur, d.valeur) : null;
      return { valeur, date: g.date || d.date };
    }
  }
}

function operer(operateur: '+' | '-' | '*' | '/', g: Fraction, d: Fraction): Fraction | null {
  switch (operateur) {
    case '+':
      return ajouter(g, d);
    case '-':
      return soustraire(g, d);
    case '*':
      return multiplier(g, d);
    case '/':
      return diviser(g, d);
  }
}

/**
 * Computes one exploitation line: parse, check every code exists, evaluate, then the spec's
 * finishing rules — a result read from dates is a duration (absolute value), a non-finite result
 * (division by zero) is 0, rounding to `dec` decimals (default 0). Never throws.
 */
export function calculerFormule(
  code: string,
  formule: string,
  lire: LecteurValeurs,
  dec = 0,
): ResultatFormule {
  const analyse = analyserFormule(formule);
  if (!analyse.ok) return { ok: false, erreur: 'SYNTAXE', code, formule };
  if (analyse.codes.some((c) => lire(c) === undefined)) {
    return { ok: false, erreur: 'CODE_ABSENT', code, formule };
  }
  return terminer(evaluerExpression(analyse.expression, lire), dec);
}

/**
 * The finishing rules of a raw evaluation, shared with the grid's cascade: a non-finite result
 * is 0, one read from dates is a duration (absolute value), then rounded half away from zero to
 * `dec` decimals. That rounded value is the line's value: `texte` as stored and shown, `valeur`
 * the same decimal as a number.
 */
export function terminer(brut: ValeurExacte | null, dec = 0): ResultatFormule {
  if (!brut) return { ok: true, valeur: null, texte: null };
  const exacte = brut.valeur ?? ZERO;
  const texte = formaterFraction(brut.date ? absolue(exacte) : exacte, dec);
  return { ok: true, valeur: Number(texte.replace(',', '.')), texte };
}
