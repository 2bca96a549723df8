import type { LogRequest } from '@estive/contracts';
import type { Acteur } from '../../lib/acteur';
import type { JournalRepository } from './journal.repository';

export function createJournalService(repository: JournalRepository) {
  return {
    /** `POST /api/log`: every signed-in user may report an error; it is filed under his account. */
    async signaler(acteur: Acteur, entree: LogRequest): Promise<void> {
      await repository.inserer({
        utilisateurId: acteur.utilisateurId,
        source: entree.context,
        logs: entree.message,
      });
    },
  };
}
export type JournalService = ReturnType<typeof createJournalService>;
