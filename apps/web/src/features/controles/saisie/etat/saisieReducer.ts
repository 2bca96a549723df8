/**
 * The entry form's state in one reducer: the shared grid and synthesis of the visit, the current
 * step and the furthest step reached. Grid edits arrive as pure updaters built from the domain's
 * grid engine, so the reducer stays ignorant of grid rules and each keystroke is one dispatch
 * whose result keeps untouched points by reference (rows memoised on them skip rendering).
 */

export const NB_ETAPES = 4;

export interface EtatSaisie<G, S> {
  grille: G;
  synthese: S;
  /** 1 to 4. */
  etape: number;
  /** Headers of steps up to this one are clickable (never step 4's). */
  etapeAtteinte: number;
  /** Set when the step-3 validation failed: step 2 shows in error until the next grid edit. */
  erreurGrille: boolean;
  /** Changes not yet written to the device. */
  modifie: boolean;
}

export type ActionSaisie<G, S> =
  | { type: 'grille'; maj: (grille: G) => G }
  | { type: 'synthese'; synthese: S }
  | { type: 'etape'; etape: number }
  | { type: 'grilleInvalide' }
  | { type: 'enregistre' };

export function etatInitial<G, S>(grille: G, synthese: S, etape: number): EtatSaisie<G, S> {
  const depart = Math.min(Math.max(etape, 1), NB_ETAPES);
  return {
    grille,
    synthese,
    etape: depart,
    etapeAtteinte: depart,
    erreurGrille: false,
    modifie: false,
  };
}

export function saisieReducer<G, S>(
  etat: EtatSaisie<G, S>,
  action: ActionSaisie<G, S>,
): EtatSaisie<G, S> {
  switch (action.type) {
    case 'grille': {
      const grille = action.maj(etat.grille);
      if (grille === etat.grille) return etat;
      return { ...etat, grille, modifie: true, erreurGrille: false };
    }
    case 'synthese':
      return { ...etat, synthese: action.synthese, modifie: true };
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
