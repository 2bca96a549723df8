/**
 * The controller's entry on a control point (step 2, spec part 2 §4-§5): conformity, value,
 * observation, severity. Typing a value auto-evaluates it; choosing the conformity by hand wins.
 */
import { appliquerEntrees } from './entrees';
import {
  cleEntree,
  codeLie,
  entreeA,
  indexer,
  ligneA,
  pointA,
  type IndexGrille,
  type PositionEntree,
} from './index-grille';
import type { ClePoint, Grille, PointSysExp, SaisieAop, SaisiePoint } from './schemas';
import { evaluerSaisie, type Evaluation } from './seuils';

/** An auto-evaluation outcome, for the entry it was made on. */
export interface Verdict extends Evaluation {
  pointId: string;
  pointCode: string;
  aopIgpId: string;
}

/** The entry a key designates, or null. */
export function trouverEntree(
  grille: Grille,
  cle: ClePoint,
): { position: PositionEntree; entree: SaisieAop } | null {
  const position = indexer(grille).entrees.get(cleEntree(cle.pointId, cle.aopIgpId));
  if (!position) return null;
  return { position, entree: entreeA(grille, position) };
}

/** The exploitation line feeding an entry, if any (for its unit). */
export function ligneLiee(
  grille: Grille,
  index: IndexGrille,
  entree: SaisieAop,
): PointSysExp | null {
  const code = codeLie(index.codeParId, index.lignes, entree);
  if (code === null) return null;
  const position = index.lignes.get(code);
  return position ? ligneA(grille, position) : null;
}

const memeSaisie = (a: SaisiePoint, b: SaisiePoint) =>
  a.observation === b.observation &&
  a.valeur === b.valeur &&
  a.conformite === b.conformite &&
  a.gravite === b.gravite;

/**
 * Applies a change to one entry. A new value (without a conformity in the same patch) is
 * auto-evaluated; a conformity other than NC drops the severity, which only NC carries. The
 * manquement follows. An unknown key or a patch that changes nothing returns the same grid.
 */
export function saisirPoint(
  grille: Grille,
  cle: ClePoint,
  patch: Partial<SaisiePoint>,
): { grille: Grille; verdict: Verdict | null } {
  const trouvee = trouverEntree(grille, cle);
  if (!trouvee) return { grille, verdict: null };
  const { position, entree } = trouvee;
  const point = pointA(grille, position);

  const saisie: SaisiePoint = { ...entree.saisie, ...patch };
  let evaluation: Evaluation | null = null;
  if ('valeur' in patch && !('conformite' in patch)) {
    const unite = ligneLiee(grille, indexer(grille), entree)?.unite;
    evaluation = evaluerSaisie({ ...entree, saisie }, point.source, saisie.valeur, { unite });
    if (evaluation) {
      saisie.conformite = evaluation.conformite;
      saisie.gravite = evaluation.gravite;
    }
  }
  if (saisie.conformite !== 'NC') saisie.gravite = null;
  const verdict = evaluation && {
    ...evaluation,
    pointId: point.id,
    pointCode: point.code,
    aopIgpId: entree.aopIgpId,
  };
  if (memeSaisie(saisie, entree.saisie)) return { grille, verdict };
  return {
    grille: appliquerEntrees(grille, [{ position, entree: { ...entree, saisie } }]),
    verdict,
  };
}
