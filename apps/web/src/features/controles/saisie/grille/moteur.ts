/**
 * The grid engine of the entry form is the domain's (`@estive/domain` src/grille): the same rules
 * run here offline and on the server. This module only re-exports what the screens call, plus
 * the explanation a row shows, derived from the entry rather than stored in the grid.
 */
import {
  categorieComplete,
  evaluerSaisie,
  groupeComplet,
  type CategorieGrille,
  type GroupeSysExp,
  type SaisieAop,
  type SourcePoint,
} from '@estive/domain';

export {
  categorieComplete,
  categoriesIncompletes,
  confirmationVraisemblance,
  entreeComplete,
  groupeComplet,
  ignorerGroupe,
  messageErreurFormule,
  MESSAGES_GRILLE,
  plageVraisemblable,
  pointComplet,
  resultatControle,
  resultatControle as resultatAop,
  saisirManquement,
  saisirPoint,
  saisirValeurExploitation,
  systemeExploitationIncomplet,
  validerGrille,
  validerPlanProgres,
  verdictDesSeuils,
  erreursMesure,
} from '@estive/domain';

/**
 * Completeness remembered per category or group object. The engine copies only the category and
 * group an edit touches, so a tab marker recomputes its own tab after an edit in it and reads the
 * others from here: the red markers cost one category per keystroke, not the whole grid.
 */
function memoParObjet<T extends object>(calcul: (x: T) => boolean): (x: T) => boolean {
  const connus = new WeakMap<T, boolean>();
  return (x) => {
    let v = connus.get(x);
    if (v === undefined) {
      v = calcul(x);
      connus.set(x, v);
    }
    return v;
  };
}

export const categorieCompleteMemo = memoParObjet<CategorieGrille>(categorieComplete);
export const groupeCompletMemo = memoParObjet<GroupeSysExp>(groupeComplet);

/**
 * The verdict text under an entry's value. Derived on render (the grid stores no text), and shown
 * only while the entry holds the verdict its value gives: once the controller overrides the
 * conformity by hand, the automatic explanation would contradict the screen. It judges and
 * prints the value the field shows (a computed line's rounded value), as the engine does.
 */
export function explicationEntree(
  source: SourcePoint,
  entree: SaisieAop,
  unite?: string | null,
): string | null {
  const { conformite, valeur } = entree.saisie;
  if (conformite === null) return null;
  const evaluation = evaluerSaisie(
    { ...entree, saisie: { ...entree.saisie, conformite: null } },
    source,
    valeur,
    { unite },
  );
  return evaluation?.conformite === conformite && evaluation.gravite === entree.saisie.gravite
    ? evaluation.explication
    : null;
}
