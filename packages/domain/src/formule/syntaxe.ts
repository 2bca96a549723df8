import { extraitDebut, extraitFin, type FauteSyntaxe } from './fautes';
import { decouper, type Jeton } from './lexique';

/** The syntax tree of a formula. */
export type Expression =
  | { type: 'nombre'; valeur: number }
  | { type: 'code'; code: string }
  | { type: 'oppose'; operande: Expression }
  | { type: 'binaire'; operateur: Operateur; gauche: Expression; droite: Expression };

export type Operateur = '+' | '-' | '*' | '/';

export type ResultatAnalyse =
  | { ok: true; expression: Expression; codes: string[] }
  | { ok: false; position: number; faute: FauteSyntaxe };

/** Binding powers: `*` and `/` bind tighter than `+` and `-`, all left-associative. */
const PUISSANCE: Record<Operateur, number> = { '+': 10, '-': 10, '*': 20, '/': 20 };
/** Unary minus binds tighter than any binary operator: `-a1 * a2` is `(-a1) * a2`. */
const PUISSANCE_UNAIRE = 30;
/** Deep enough for any real formula, shallow enough never to exhaust the call stack. */
const PROFONDEUR_MAX = 200;

/** Internal: unwinds the recursive descent to the single catch below, never escapes it. */
class ErreurSyntaxe extends Error {
  constructor(readonly faute: FauteSyntaxe) {
    super(`Erreur de syntaxe à la position ${String(faute.position)}`);
  }
}

/**
 * Parses a formula into a tree (Pratt parser; no eval, no Function) and lists the codes it reads.
 * Never throws: a syntax error comes back as `{ ok: false, position, faute }`, the fault named.
 */
export function analyserFormule(formule: string): ResultatAnalyse {
  const lexique = decouper(formule);
  if (!lexique.ok) return lexique;
  const jetons = lexique.jetons;
  let i = 0;
  const codes = new Set<string>();

  // The lexer ends the list with 'fin'; reading past it reads 'fin' again.
  const fin: Jeton = { type: 'fin', position: formule.length };
  const suivant = (): Jeton => jetons[i] ?? fin;
  const consommer = (): Jeton => jetons[i++] ?? fin;
  /** The source text of the token before `j` (what the user wrote, as written). */
  const texteAvant = (j: Jeton): string => {
    const k = jetons.indexOf(j);
    const avant = k > 0 ? jetons[k - 1] : undefined;
    return avant ? extraitFin(formule.slice(avant.position, j.position)) : '';
  };
  const texteDe = (j: Jeton): string => {
    const k = jetons.indexOf(j);
    const apres = jetons[k + 1];
    return extraitDebut(formule.slice(j.position, apres ? apres.position : formule.length));
  };
  /** A value token (or an opening parenthesis) right after a complete value. */
  const operateurManquant = (j: Jeton): FauteSyntaxe => ({
    type: 'OPERATEUR_MANQUANT',
    avant: texteAvant(j),
    texte: texteDe(j),
    position: j.position,
  });

  function expression(puissanceMin: number, profondeur: number): Expression {
    if (profondeur > PROFONDEUR_MAX)
      throw new ErreurSyntaxe({ type: 'TROP_IMBRIQUEE', position: suivant().position });
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
        if (jeton.operateur !== '-' && jeton.operateur !== '+') {
          throw new ErreurSyntaxe({
            type: 'OPERATEUR_INATTENDU',
            texte: jeton.operateur,
            position: jeton.position,
          });
        }
        const operande = expression(PUISSANCE_UNAIRE, profondeur + 1);
        return jeton.operateur === '-' ? { type: 'oppose', operande } : operande;
      }
      case 'parenthese': {
        if (!jeton.ouvrante) throw new ErreurSyntaxe(fermanteSansValeur(jeton));
        const interieur = expression(0, profondeur + 1);
        const fermante = consommer();
        if (fermante.type === 'fin') {
          throw new ErreurSyntaxe({
            type: 'PARENTHESE_MANQUANTE',
            ouverture: extraitFin(formule.slice(jeton.position)),
            position: fermante.position,
          });
        }
        if (fermante.type !== 'parenthese' || fermante.ouvrante)
          throw new ErreurSyntaxe(operateurManquant(fermante));
        return interieur;
      }
      case 'fin':
        throw new ErreurSyntaxe(
          formule.trim() === ''
            ? { type: 'VIDE', position: 0 }
            : { type: 'VALEUR_MANQUANTE', apres: extraitFin(formule), position: jeton.position },
        );
    }
  }

  /** A ')' where a value must come: right after '(' it is '()', else a value is missing. */
  function fermanteSansValeur(jeton: Jeton): FauteSyntaxe {
    const k = jetons.indexOf(jeton);
    const avant = k > 0 ? jetons[k - 1] : undefined;
    if (avant?.type === 'parenthese' && avant.ouvrante)
      return { type: 'PARENTHESES_VIDES', position: avant.position };
    if (!avant) return { type: 'PARENTHESE_EN_TROP', position: jeton.position };
    return {
      type: 'VALEUR_MANQUANTE',
      apres: extraitFin(formule.slice(0, jeton.position)),
      position: jeton.position,
    };
  }

  try {
    const arbre = expression(0, 0);
    const reste = suivant();
    if (reste.type === 'fin') return { ok: true, expression: arbre, codes: [...codes] };
    const faute: FauteSyntaxe =
      reste.type === 'parenthese' && !reste.ouvrante
        ? { type: 'PARENTHESE_EN_TROP', position: reste.position }
        : operateurManquant(reste);
    return { ok: false, position: faute.position, faute };
  } catch (erreur) {
    if (erreur instanceof ErreurSyntaxe)
      return { ok: false, position: erreur.faute.position, faute: erreur.faute };
    throw erreur;
  }
}
