/**
 * PROVISIONAL (until `@estive/domain` src/formule lands): exploitation formulas of spec part 2 §5
 * — codes starting with 'a', numbers, + - * / and parentheses — parsed by recursive descent
 * (never `eval`), results rounded to the point's decimals, a non-finite result becoming 0.
 */

export class CodeAbsentError extends Error {}

type Jeton = { t: 'nombre'; v: number } | { t: 'code'; v: string } | { t: 'op'; v: string };

function jetons(formule: string): Jeton[] {
  const res: Jeton[] = [];
  const re = /\s*(?:(\d+(?:[.,]\d+)?)|(a\w*)|([-+*/()]))/giy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < formule.length && (m = re.exec(formule))) {
    if (m[1]) res.push({ t: 'nombre', v: Number(m[1].replace(',', '.')) });
    else if (m[2]) res.push({ t: 'code', v: m[2].toLowerCase() });
    else res.push({ t: 'op', v: m[3] });
  }
  if (formule.slice(re.lastIndex).trim()) throw new SyntaxError(`Formule invalide : ${formule}`);
  return res;
}

/** Codes a formula reads, e.g. '(a1 + a2) / a3' → ['a1', 'a2', 'a3']. */
export const codesDe = (formule: string): string[] =>
  jetons(formule).flatMap((j) => (j.t === 'code' ? [j.v] : []));

/** Evaluates with the known values; a code missing from `valeurs` throws CodeAbsentError. */
export function evaluer(formule: string, valeurs: ReadonlyMap<string, number | null>): number | null {
  const js = jetons(formule);
  let i = 0;
  let vide = false;
  const primaire = (): number => {
    const j = js[i++];
    if (!j) throw new SyntaxError('Formule incomplète');
    if (j.t === 'nombre') return j.v;
    if (j.t === 'code') {
      if (!valeurs.has(j.v)) throw new CodeAbsentError(j.v);
      const v = valeurs.get(j.v);
      if (v == null) vide = true;
      return v ?? 0;
    }
    if (j.v === '-') return -primaire();
    if (j.v === '(') {
      const v = somme();
      if (js[i++]?.v !== ')') throw new SyntaxError('Parenthèse manquante');
      return v;
    }
    throw new SyntaxError(`Jeton inattendu ${j.v}`);
  };
  const produit = (): number => {
    let v = primaire();
    while (js[i]?.v === '*' || js[i]?.v === '/') v = js[i++].v === '*' ? v * primaire() : v / primaire();
    return v;
  };
  const somme = (): number => {
    let v = produit();
    while (js[i]?.v === '+' || js[i]?.v === '-') v = js[i++].v === '+' ? v + produit() : v - produit();
    return v;
  };
  const v = somme();
  if (i !== js.length) throw new SyntaxError('Formule invalide');
  // A formula with a blank input has no value yet: the point stays to be filled.
  return vide ? null : v;
}

export function arrondir(v: number, dec: number | null | undefined): number {
  if (!Number.isFinite(v)) return 0;
  const f = 10 ** (dec ?? 0);
  return Math.round(v * f) / f;
}

/** Exploitation input: integer, decimal with point or comma, or a date dd-mm-yyyy / dd/mm/yyyy (in days). */
export function lireNombre(texte: string | null | undefined): number | null | 'invalide' {
  const t = (texte ?? '').trim();
  if (t === '') return null;
  if (/^-?\d+([.,]\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  const d = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(t);
  if (d) {
    const date = new Date(Date.UTC(+d[3], +d[2] - 1, +d[1]));
    if (date.getUTCDate() === +d[1] && date.getUTCMonth() === +d[2] - 1) return date.getTime() / 86_400_000;
  }
  return 'invalide';
}
