import { extraitDebut, SIGNES_OPERATEURS, type FauteSyntaxe } from './fautes';

/**
 * Tokenizer of exploitation formulas: codes (`a` then letters, digits or `_`, e.g. a1, a12),
 * numeric literals (decimal point or comma), `+ - * /` and parentheses. Nothing else is a formula.
 */

export type Jeton =
  | { type: 'nombre'; valeur: number; position: number }
  | { type: 'code'; code: string; position: number }
  | { type: 'operateur'; operateur: '+' | '-' | '*' | '/'; position: number }
  | { type: 'parenthese'; ouvrante: boolean; position: number }
  | { type: 'fin'; position: number };

export type ResultatLexique =
  { ok: true; jetons: Jeton[] } | { ok: false; position: number; faute: FauteSyntaxe };

const NOMBRE = /\d+(?:[.,]\d+)?/y;
/** Codes are compared case-insensitively: `A1` and `a1` name the same line. */
const CODE = /a[a-z0-9_]+/iy;

export function decouper(formule: string): ResultatLexique {
  const jetons: Jeton[] = [];
  let i = 0;
  while (i < formule.length) {
    const c = formule.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if ((c === '*' || c === '/') && /[*/]/.test(formule.charAt(i + 1))) {
      // '**' (a power elsewhere) or '//': two signs glued together are one unknown operator.
      return inconnu(formule, i, 'OPERATEUR_INCONNU', /[*/]/);
    } else if (SIGNES_OPERATEURS.test(c)) {
      return inconnu(formule, i, 'OPERATEUR_INCONNU', SIGNES_OPERATEURS);
    } else if (c === '+' || c === '-' || c === '*' || c === '/') {
      jetons.push({ type: 'operateur', operateur: c, position: i });
      i++;
    } else if (c === '(' || c === ')') {
      jetons.push({ type: 'parenthese', ouvrante: c === '(', position: i });
      i++;
    } else {
      const jeton = lireMot(formule, i);
      if (!jeton) return inconnu(formule, i, 'TERME_INCONNU', /[^\s+\-*/()]/);
      jetons.push(jeton.jeton);
      i = jeton.suite;
    }
  }
  jetons.push({ type: 'fin', position: formule.length });
  return { ok: true, jetons };
}

function lireMot(formule: string, i: number): { jeton: Jeton; suite: number } | null {
  NOMBRE.lastIndex = i;
  const nombre = NOMBRE.exec(formule);
  if (nombre) {
    const suite = i + nombre[0].length;
    // '12a3' is neither a number nor a code: refuse it rather than read 12 then a3.
    if (/[a-z_]/i.test(formule[suite] ?? '')) return null;
    return {
      jeton: { type: 'nombre', valeur: Number(nombre[0].replace(',', '.')), position: i },
      suite,
    };
  }
  CODE.lastIndex = i;
  const code = CODE.exec(formule);
  if (code) {
    return {
      jeton: { type: 'code', code: code[0].toLowerCase(), position: i },
      suite: i + code[0].length,
    };
  }
  return null;
}

/** The run of characters of `classe` from `i`: what the message quotes as unknown. */
function inconnu(
  formule: string,
  i: number,
  type: 'OPERATEUR_INCONNU' | 'TERME_INCONNU',
  classe: RegExp,
): ResultatLexique {
  let fin = i + 1;
  while (fin < formule.length && classe.test(formule.charAt(fin))) fin++;
  const texte = extraitDebut(formule.slice(i, fin));
  return { ok: false, position: i, faute: { type, texte, position: i } };
}
