/**
 * Spec part 1 §4 'Session': what signing in as `utilisateur` means for a device last used by
 * `utilisateurStocke`. Only a past sync makes it a question: before it, there is nothing to lose.
 */
export type DecisionChangementCompte = 'MEME_UTILISATEUR' | 'ENREGISTRER' | 'CONFIRMER';

export function decisionChangementCompte(e: {
  utilisateurStocke: string | null;
  utilisateur: string;
  derniereSynchro: string | null;
}): DecisionChangementCompte {
  if (e.utilisateurStocke === e.utilisateur) return 'MEME_UTILISATEUR';
  if (e.utilisateurStocke === null || e.derniereSynchro === null) return 'ENREGISTRER';
  return 'CONFIRMER';
}
