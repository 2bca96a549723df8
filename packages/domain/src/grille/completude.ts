/**
 * Completeness of the grid (spec part 2 §5): what marks a tab in red and what gates step 3 → 4.
 */
import type { SourcePoint } from '../enums';
import { lireValeurExploitation } from '../formule';
import { MESSAGES_GRILLE } from './messages';
import type { CategorieGrille, Grille, GroupeSysExp, PointGrille, SaisieAop } from './schemas';

const renseigne = (texte: string | null) => texte !== null && texte.trim() !== '';

/**
 * Complete: a conformity AND (a CONSTAT point, or SO or NO, or a value) AND (not NC, or a
 * severity). The value of a NUMERIQUE or EXPLOITATION point must read as an integer, a decimal
 * or a date (spec part 2 §5): 'abc' typed after 17,5 leaves the point incomplete, its field
 * showing the message, so the control cannot be finalised nor signed with it; the conformity
 * chosen before stays (a typo does not drop the shortcoming and its progress plan).
 */
export function entreeComplete(entree: SaisieAop, source: SourcePoint): boolean {
  const { conformite, valeur, gravite } = entree.saisie;
  if (conformite === null) return false;
  const valeurOk =
    source === 'CONSTAT' || conformite === 'SO' || conformite === 'NO' || lisible(valeur);
  return valeurOk && (conformite !== 'NC' || gravite !== null);
}

/** A value typed and readable: an integer, a decimal with point or comma, or a real date. */
const lisible = (valeur: string | null) =>
  renseigne(valeur) && typeof lireValeurExploitation(valeur) === 'object';

export const pointComplet = (point: PointGrille): boolean =>
  point.aops.every((e) => entreeComplete(e, point.source));

export const categorieComplete = (categorie: CategorieGrille): boolean =>
  categorie.points.every(pointComplet);

/**
 * Complete when ignored, or when every line has a value. A value that is not an integer, a
 * decimal or a date does not count: the field shows its message and the formulas read blank.
 */
export const groupeComplet = (groupe: GroupeSysExp): boolean =>
  groupe.ignore ||
  groupe.points.every(
    (p) => typeof lireValeurExploitation(p.valeur) === 'object' && p.valeur !== null,
  );

/** Ids of the categories holding an incomplete point (their tabs carry the red marker). */
export const categoriesIncompletes = (grille: Grille): string[] =>
  grille.categories.filter((c) => !categorieComplete(c)).map((c) => c.id);

export const groupesIncomplets = (grille: Grille): string[] =>
  grille.groupesSysExploitation.filter((g) => !groupeComplet(g)).map((g) => g.id);

/** Does the "Système d'exploitation" tab carry the red marker? */
export const systemeExploitationIncomplet = (grille: Grille): boolean =>
  grille.groupesSysExploitation.some((g) => !groupeComplet(g));

export interface ValidationGrille {
  valide: boolean;
  categoriesIncompletes: string[];
  groupesIncomplets: string[];
  /** 'Des éléments de la grille de saisie n'ont pas été renseignés', or null when valid. */
  message: string | null;
}

/** The check of step 3 → 4: every point of every AOP-IGP and every group complete. */
export function validerGrille(grille: Grille): ValidationGrille {
  const categories = categoriesIncompletes(grille);
  const groupes = groupesIncomplets(grille);
  const valide = categories.length === 0 && groupes.length === 0;
  return {
    valide,
    categoriesIncompletes: categories,
    groupesIncomplets: groupes,
    message: valide ? null : MESSAGES_GRILLE.grilleIncomplete,
  };
}
