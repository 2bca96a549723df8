/**
 * Writes changed entries into a grid with structural sharing: only the categories and points
 * that hold a changed entry are copied, the rest keep their identity so memoised rows skip
 * rendering. The manquements follow in the same step.
 */
import { at } from '../invariant';
import { heriterIndex, type PositionEntree } from './index-grille';
import { synchroniserManquements, type EntreeModifiee } from './manquements';
import type { CategorieGrille, Grille, PointGrille, SaisieAop } from './schemas';

export interface Modification {
  position: PositionEntree;
  entree: SaisieAop;
}

export function appliquerEntrees(grille: Grille, modifications: readonly Modification[]): Grille {
  if (modifications.length === 0) return grille;
  const categories = [...grille.categories];
  const copiees = new Set<number>();
  const pointsCopies = new Set<string>();
  const modifiees: EntreeModifiee[] = [];

  for (const { position, entree } of modifications) {
    if (!copiees.has(position.categorie)) {
      const c = at(categories, position.categorie);
      categories[position.categorie] = { ...c, points: [...c.points] };
      copiees.add(position.categorie);
    }
    const categorie: CategorieGrille = at(categories, position.categorie);
    const clePoint = `${position.categorie}/${position.point}`;
    if (!pointsCopies.has(clePoint)) {
      const p = at(categorie.points, position.point);
      categorie.points[position.point] = { ...p, aops: [...p.aops] };
      pointsCopies.add(clePoint);
    }
    const point: PointGrille = at(categorie.points, position.point);
    // hasManquement mirrors the manquement that NC creates, so the row can show it.
    const hasManquement = entree.saisie.conformite === 'NC';
    const finale = entree.hasManquement === hasManquement ? entree : { ...entree, hasManquement };
    point.aops[position.entree] = finale;
    modifiees.push({ categorie, point, entree: finale });
  }
  const manquements = synchroniserManquements(grille.manquements, modifiees);
  return heriterIndex(grille, { ...grille, categories, manquements });
}
