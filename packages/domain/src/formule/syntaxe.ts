import { decouper, type Jeton } from './lexique';

/** The syntax tree of a formula. */
export type Expression =
  | { type: 'nombre'; valeur: number }
  | { type: 'code'; code: string }
  | { type: 'oppose'; operande: Expression }
  | { type: 'binaire'; operateur: Operateur; gauche: Expression; droite: Expression };

export type Operateur = '+' | '-' | '*' | '/';

export type ResultatAnalyse =
  { ok: true; expression: Expression; codes: string[] } | { ok: false; position: number };

/** Binding powers: `*` and `/` bind tighter than `+` and `-`, all left-associative. */
const PUISSANCE: Record<Operateur, number> = { '+': 10, '-': 10, '*': 20, '/': 20 };
/** Unary minus binds tighter than any binary operator: `-a1 * a2` is `(-a1) * a2`. */
const PUISSANCE_UNAIRE = 30;
/** Deep enough for any real formula, shallow enough never to exhaust the call stack. */
const PROFONDEUR_MAX = 200;

/** Internal: unwinds the recursive descent to the single catch below, never escapes it. */
class ErreurSyntaxe extends Error {
  constructor(readonly position: number) {
    super(`Erreur de syntaxe à la position ${position}`);
  }
}

/**
 * Parses a formula into a tree (Pratt parser; no eval, no Function) and lists the codes it reads.
 * Never throws: a syntax error comes back as `{ ok: false, position }`.
 */
export function analyserFormule(formule: string): ResultatAnalyse {
  const lexique = decouper(formule);
  if (!lexique.ok) return { ok: false, position: lexique.position };
  const jetons = lexique.jetons;
  let i = 0;
  const codes = new Set<string>();

  // The lexer ends the list with 'fin'; reading past it reads 'fin' again.
  const fin: Jeton = { type: 'fin', position: formule.length };
  const suivant = (): Jeton => jetons[i] ?? fin;
  const consommer = (): Jeton => jetons[i++] ?? fin;

  function expression(puissanceMin: number, profondeur: number): Expression {
    if (profondeur > PROFONDEUR_MAX) throw new ErreurSyntaxe(suivant().position);
    let gauche = prefixe(profondeur);
    for (;;) {
      const jeton = suivant();
      if (jeton.type !== 'operateur' || PUISSANCE[jeton.operateur] <= puissanceMin) return gauche;
      consommer();
      const droite = expression(PUISSANCE[jeton.operateur], profondeur + 1);
      gauche = { type: 'binaire', operateur: jeton.operateur, gauche, droite };
    }
  }

  function prefixe(profondeur: number): Expression {
    const jeton = consommer();
    switch (jeton.type) {
      case 'nombre':
        return { type: 'nombre', valeur: jeton.valeur };
      case 'code':
        codes.add(jeton.code);
        return { type: 'code', code: jeton.code };
      case 'operateur': {
        if (jeton.operateur !== '-' && jeton.operateur !== '+') break;
        const operande = expression(PUISSANCE_UNAIRE, profondeur + 1);
        return jeton.operateur === '-' ? { type: 'oppose', operande } : operande;
      }
      case 'parenthese': {
        if (!jeton.ouvrante) break;
        const interieur = expression(0, profondeur + 1);
        const fermante = consommer();
        if (fermante.type !== 'parenthese' || fermante.ouvrante) {
          throw new ErreurSyntaxe(fermante.position);
        }
        return interieur;
      }
      case 'fin':
        break;
    }
    throw new ErreurSyntaxe(jeton.position);
  }

  try {
    const arbre = expression(0, 0);
    const fin = suivant();
    if (fin.type !== 'fin') return { ok: false, position: fin.position };
    return { ok: true, expression: arbre, codes: [...codes] };
  } catch (erreur) {
    if (erreur instanceof ErreurSyntaxe) return { ok: false, position: erreur.position };
    throw erreur;
  }
}
