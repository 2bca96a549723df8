import { MESSAGES_SYNCHRO } from '@estive/domain';
import { ApiError, ErreurReseau } from '../../lib/api';
import type { BilanDocuments } from '../../offline/documents';

/**
 * The caption of the sync error toast: what went wrong, not the title again. A run stopped after
 * its failures (SynchroInterrompueError) carries the last failure as its cause: the server's own
 * French `message` (error contract) when it answered, 'Serveur injoignable' when it could not be
 * reached. A run that failed on the device (a write refused) shows that error's message.
 */
export function messageErreurSynchro(err: unknown): string {
  const vus = new Set<unknown>();
  let courante: unknown = err;
  let dernierTexte: string | null = null;
  while (courante instanceof Error && !vus.has(courante)) {
    vus.add(courante);
    if (courante instanceof ApiError) {
      return courante.corps?.message ?? `Le serveur a répondu par une erreur ${courante.status}`;
    }
    if (courante instanceof ErreurReseau) return courante.message;
    if (courante.message && courante.message !== MESSAGES_SYNCHRO.erreur) {
      dernierTexte ??= courante.message;
    }
    courante = courante.cause;
  }
  if (typeof courante === 'string' && courante) return courante;
  return dernierTexte ?? 'Cause inconnue';
}

/** What the sync's end toast says of the files kept for offline use, when there is news. */
export function messagesDocuments(bilan: BilanDocuments | null): string[] {
  if (!bilan) return ["Les documents n'ont pas pu être enregistrés pour le hors ligne"];
  return [
    bilan.stockes > 0 ? `${bilan.stockes} document(s) enregistré(s) pour le hors ligne` : null,
    bilan.horsBudget > 0
      ? `${bilan.horsBudget} document(s) non enregistré(s) : espace de stockage insuffisant`
      : null,
    bilan.echecs > 0 ? `${bilan.echecs} document(s) n'ont pas pu être téléchargés` : null,
  ].filter((m): m is string => m !== null);
}
