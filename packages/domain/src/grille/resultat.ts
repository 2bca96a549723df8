/**
 * The result of a control and its finalisation (spec part 2 §4): NON_CONFORME when the grid
 * holds any manquement for its AOP-IGP, else CONFORME; finalising sets statut REALISE.
 */
import type { ResultatControle, StatutControle } from '../enums';
import { validerGrille } from './completude';
import { MESSAGES_GRILLE } from './messages';
import { validerPlanProgres } from './planProgres';
import type { Grille } from './schemas';
import { syntheseSignee, type SyntheseAop } from './synthese';

/**
 * The result for one AOP-IGP of the visit (a control is per AOP-IGP while the grid is shared),
 * or for the whole grid when no AOP-IGP is given.
 */
export function resultatControle(grille: Grille, aopIgpId?: string): ResultatControle {
  const concernes =
    aopIgpId === undefined
      ? grille.manquements
      : grille.manquements.filter((m) => m.aopIgp.id === aopIgpId);
  return concernes.length > 0 ? 'NON_CONFORME' : 'CONFORME';
}

/** What finalising needs of a control. */
export interface ControleFinalisable {
  aopIgp: { id: string };
  statut: StatutControle;
  resultat?: ResultatControle | null;
  grille: Grille | null;
  synthese: SyntheseAop | null;
}

type RaisonRefus = 'GRILLE_INCOMPLETE' | 'PLAN_PROGRES_INVALIDE' | 'SIGNATURES_MANQUANTES';

export type Finalisation<T> =
  | { ok: true; controle: T & { statut: 'REALISE'; resultat: ResultatControle } }
  | {
      ok: false;
      raison: RaisonRefus;
      message: string;
      detail: string;
    };

/**
 * Finalise (step 4): refused while the grid is incomplete, the progress plan holds an invalid date
 * or a negative delay, or a party has not signed, with the
 * spec's 'Le contrôle ne peut pas être finalisé' / 'Merci de compléter les éléments manquants'.
 * That the report documents were generated is the UI's to check: it holds them.
 */
export function finaliserControle<T extends ControleFinalisable>(controle: T): Finalisation<T> {
  const refus = (raison: RaisonRefus, detail: string = MESSAGES_GRILLE.completer) =>
    ({ ok: false, raison, message: MESSAGES_GRILLE.nonFinalisable, detail }) as const;
  if (!controle.grille || !validerGrille(controle.grille).valide) return refus('GRILLE_INCOMPLETE');
  const plan = validerPlanProgres(controle.grille);
  if (!plan.valide)
    return refus('PLAN_PROGRES_INVALIDE', plan.message ?? MESSAGES_GRILLE.completer);
  if (!syntheseSignee(controle.synthese)) return refus('SIGNATURES_MANQUANTES');
  return {
    ok: true,
    controle: {
      ...controle,
      statut: 'REALISE',
      resultat: resultatControle(controle.grille, controle.aopIgp.id),
    },
  };
}
