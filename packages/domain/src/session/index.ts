export type DecisionChangementCompte = 'RIEN' | 'STOCKER' | 'DEMANDER';

/**
 * Spec part 1 §4 'Session': another user signing in on a device that was synchronised must
 * confirm losing the previous user's unsynced work ('Changement de compte'); without a last sync
 * the new user is simply stored.
 */
export function decisionChangementCompte(entree: {
  utilisateurStocke: string | null;
  utilisateurConnecte: string;
  derniereSynchro: string | null;
}): DecisionChangementCompte {
  if (entree.utilisateurStocke === entree.utilisateurConnecte) return 'RIEN';
  if (!entree.utilisateurStocke || !entree.derniereSynchro) return 'STOCKER';
  return 'DEMANDER';
}
