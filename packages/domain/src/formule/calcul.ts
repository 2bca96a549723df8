import { analyserFormule, type Expression } from './syntaxe';
import { arrondir, formaterResultat, type ValeurFormule } from './valeur';

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

/** Evaluates a parsed tree; `null` as soon as one input is blank. */
export function evaluerExpression(
  expression: Expression,
  lire: LecteurValeurs,
): ValeurFormule | null {
  switch (expression.type) {
    case 'nombre':
      return { nombre: expression.valeur, date: false };
    case 'code':
      return lire(expression.code) ?? null;
    case 'oppose': {
      const v = evaluerExpression(expression.operande, lire);
      return v && { nombre: -v.nombre, date: v.date };
    }
    case 'binaire': {
      const g = evaluerExpression(expression.gauche, lire);
      const d = evaluerExpression(expression.droite, lire);
      if (!g || !d) return null;
      return { nombre: operer(expression.operateur, g.nombre, d.nombre), date: g.date || d.date };
    }
  }
}

function operer(operateur: '+' | '-' | '*' | '/', g: number, d: number): number {
  switch (operateur) {
    case '+':
      return g + d;
    case '-':
      return g - d;
    case '*':
      return g * d;
    case '/':
      return g / d;
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

/** The finishing rules of a raw evaluation, shared with the grid's cascade. */
export function terminer(brut: ValeurFormule | null, dec = 0): ResultatFormule {
  if (!brut) return { ok: true, valeur: null, texte: null };
  const fini = Number.isFinite(brut.nombre) ? brut.nombre : 0;
  const valeur = arrondir(brut.date ? Math.abs(fini) : fini, dec);
  return { ok: true, valeur, texte: formaterResultat(valeur, dec) };
}
