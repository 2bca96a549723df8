/**
 * What PostgreSQL cannot store although JSON can carry it: the NUL character (refused in `text`
 * and `jsonb`), a lone UTF-16 surrogate (refused by `jsonb`), and nesting deep enough to exhaust
 * the server's stack. Inputs are checked with this before they reach SQL, so such a value is a
 * field error (400, or REJETE for one control of a push), never a database error (500).
 */
export const PROFONDEUR_MAX = 64;

export const MESSAGE_CARACTERE_INTERDIT =
  'Caractère non autorisé (caractère nul ou caractère Unicode incomplet)';
export const MESSAGE_TROP_IMBRIQUE = 'Structure trop imbriquée';

// In unicode mode a surrogate pair is one code point: the class matches only lone surrogates.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const INTERDIT = /[\u0000\ud800-\udfff]/u;

export const texteStockable = (s: string) => !INTERDIT.test(s);

export interface Indesirable {
  /** Dotted path of the offending value (`controles.0.synthese.x`), '' for the value itself. */
  chemin: string;
  message: string;
}

/** Refused characters replaced by U+FFFD: a path or a name that can be stored and shown. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is replaced
export const remplacerIndesirables = (s: string) => s.replace(/[\u0000\ud800-\udfff]/gu, '\ufffd');

// The path is shown and stored: a refused key appears in it with U+FFFD.
const joindre = (chemin: string, cle: string | number) => {
  const k = typeof cle === 'string' ? remplacerIndesirables(cle) : String(cle);
  return chemin === '' ? k : `${chemin}.${k}`;
};

/** The first value of `value` PostgreSQL could not store, or null. Iterative: every depth is safe. */
export function premierIndesirable(value: unknown, prefixe = ''): Indesirable | null {
  const pile: { v: unknown; chemin: string; profondeur: number }[] = [
    { v: value, chemin: prefixe, profondeur: 0 },
  ];
  for (let item = pile.pop(); item !== undefined; item = pile.pop()) {
    const { v, chemin, profondeur } = item;
    if (typeof v === 'string') {
      if (!texteStockable(v)) return { chemin, message: MESSAGE_CARACTERE_INTERDIT };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (profondeur >= PROFONDEUR_MAX) return { chemin, message: MESSAGE_TROP_IMBRIQUE };
    const entrees: [string | number, unknown][] = Array.isArray(v)
      ? v.map((x, i): [number, unknown] => [i, x])
      : Object.entries(v);
    for (let i = entrees.length - 1; i >= 0; i--) {
      const entree = entrees[i];
      if (entree === undefined) continue;
      const [cle, x] = entree;
      const sous = joindre(chemin, cle);
      if (typeof cle === 'string' && !texteStockable(cle)) {
        return { chemin: sous, message: MESSAGE_CARACTERE_INTERDIT };
      }
      pile.push({ v: x, chemin: sous, profondeur: profondeur + 1 });
    }
  }
  return null;
}
