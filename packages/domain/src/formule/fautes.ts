/**
 * What is wrong with a formula that does not parse, and its French message for the settings
 * form (issue 32, item 5: the message names the fault, not only where it is). Positions are
 * string indexes counted from 0; the messages count from 1, as a user reads.
 */
export type FauteSyntaxe =
  /** Nothing to compute: an empty or blank formula. */
  | { type: 'VIDE'; position: number }
  /** A word that is neither a code (a1, a12) nor a number: `b1`, `12a3`, `x`. */
  | { type: 'TERME_INCONNU'; texte: string; position: number }
  /** A sign that looks like an operator but is not one of + - * /: `**`, `^`, `%`, `;`. */
  | { type: 'OPERATEUR_INCONNU'; texte: string; position: number }
  /** `*` or `/` where a value must come: `* a1`, `a1 + / a2`. */
  | { type: 'OPERATEUR_INATTENDU'; texte: string; position: number }
  /** The formula or a parenthesis ends after an operator: `a1 +`, `(a1 - )`. */
  | { type: 'VALEUR_MANQUANTE'; apres: string; position: number }
  /** Two values side by side: `a1 a2`, `2(a1)`. */
  | { type: 'OPERATEUR_MANQUANT'; avant: string; texte: string; position: number }
  /** An opened parenthesis never closed: `(a1 + a2`. */
  | { type: 'PARENTHESE_MANQUANTE'; ouverture: string; position: number }
  /** A closing parenthesis without its opening one: `a1 + a2)`. */
  | { type: 'PARENTHESE_EN_TROP'; position: number }
  /** `()`: parentheses around nothing. */
  | { type: 'PARENTHESES_VIDES'; position: number }
  /** Deeper than the parser's bound (200 levels). */
  | { type: 'TROP_IMBRIQUEE'; position: number };

/** Signs a user may take for operators: named as unknown operators rather than unknown words. */
export const SIGNES_OPERATEURS = /[\^%=<>!&|×÷·]/;

/** Long excerpts are cut so that the message stays one line under the field. */
const EXTRAIT_MAX = 30;
const extrait = (texte: string, depuisLaFin = false): string => {
  const t = texte.trim().replace(/\s+/g, ' ');
  if (t.length <= EXTRAIT_MAX) return t;
  return depuisLaFin ? `…${t.slice(-EXTRAIT_MAX)}` : `${t.slice(0, EXTRAIT_MAX)}…`;
};

/** The extract helpers the parser uses to fill a fault from the formula's text. */
export const extraitFin = (texte: string): string => extrait(texte, true);
export const extraitDebut = (texte: string): string => extrait(texte);

export function messageFauteSyntaxe(faute: FauteSyntaxe): string {
  const a = `à la position ${String(faute.position + 1)}`;
  switch (faute.type) {
    case 'VIDE':
      return 'La formule est vide';
    case 'TERME_INCONNU':
      return `Terme inconnu « ${faute.texte} » ${a} : seuls les codes des lignes (a1, a2…) et les nombres sont admis`;
    case 'OPERATEUR_INCONNU':
      return `Opérateur inconnu « ${faute.texte} » ${a} : seuls + - * / sont admis`;
    case 'OPERATEUR_INATTENDU':
      return `Opérateur « ${faute.texte} » inattendu ${a} : un code, un nombre ou une parenthèse ouvrante est attendu`;
    case 'VALEUR_MANQUANTE':
      return `Valeur manquante après « ${faute.apres} » : un code, un nombre ou une parenthèse ouvrante est attendu`;
    case 'OPERATEUR_MANQUANT':
      return `Opérateur manquant entre « ${faute.avant} » et « ${faute.texte} » ${a}`;
    case 'PARENTHESE_MANQUANTE':
      return `Parenthèse fermante manquante après « ${faute.ouverture} »`;
    case 'PARENTHESE_EN_TROP':
      return `Parenthèse fermante « ) » sans parenthèse ouvrante ${a}`;
    case 'PARENTHESES_VIDES':
      return `Parenthèses vides ${a} : une valeur est attendue entre « ( » et « ) »`;
    case 'TROP_IMBRIQUEE':
      return 'La formule imbrique trop de parenthèses ou de signes (200 niveaux au plus)';
  }
}
