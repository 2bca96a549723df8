/**
 * The entry form's state in one reducer: the synthesis of the visit, the current step, the
 * furthest step reached and the draft flags. The grid itself lives in a store (`storeGrille.ts`)
 * that rows subscribe to slice by slice: a keystroke must not re-render the whole form. The store
 * reports edits here only when a flag has to change ('grilleModifiee'), not on every keystroke.
 */

export const NB_ETAPES = 4;

export interface EtatSaisie<S> {
  synthese: S;
  /** 1 to 4. */
  etape: number;
  /** Headers of steps up to this one are clickable (never step 4's). */
  etapeAtteinte: number;
  /** Set when the step-3 validation failed: step 2 shows in error until the next grid edit. */
  erreurGrille: boolean;
  /** Changes not yet written to the device. */
  modifie: boolean;
  /**
   * The grid or the synthesis was edited since the form opened. Until then a save only remembers
   * the step on the device: viewing a control (opening it, pressing 'Suivant') is no edit to sync.
   */
  edite: boolean;
}

export type ActionSaisie<S> =
  | { type: 'grilleModifiee' }
  | { type: 'synthese'; synthese: S }
  | { type: 'etape'; etape: number }
  | { type: 'grilleInvalide' }
  | { type: 'enregistre' };

export function etatInitial<S>(synthese: S, etape: number): EtatSaisie<S> {
  const depart = Math.min(Math.max(etape, 1), NB_ETAPES);
  return {
    synthese,
    etape: depart,
    etapeAtteinte: depart,
    erreurGrille: false,
    modifie: false,
    edite: false,
  };
}

export function saisieReducer<S>(etat: EtatSaisie<S>, action: ActionSaisie<S>): EtatSaisie<S> {
  switch (action.type) {
    case 'grilleModifiee':
      // Same state when the flags already say so: React then skips the form's render.
      if (etat.modifie && etat.edite && !etat.erreurGrille) return etat;
      return { ...etat, modifie: true, edite: true, erreurGrille: false };
    case 'synthese':
      return { ...etat, synthese: action.synthese, modifie: true, edite: true };
    case 'etape': {
      const etape = Math.min(Math.max(action.etape, 1), NB_ETAPES);
      return {
        ...etat,
        etape,
        etapeAtteinte: Math.max(etat.etapeAtteinte, etape),
        modifie: etat.modifie || etape !== etat.etape,
      };
    }
    case 'grilleInvalide':
      return { ...etat, erreurGrille: true };
    case 'enregistre':
      return { ...etat, modifie: false };
  }
}

/** Step headers navigate only back to steps already reached, and never to the synthesis. */
export const etapeCliquable = (etape: number, etapeAtteinte: number): boolean =>
  etape < NB_ETAPES && etape <= etapeAtteinte;
