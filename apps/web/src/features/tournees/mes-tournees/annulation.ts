import { MESSAGES_TOURNEE, peutAnnuler } from '@estive/domain';
import type { ControleTournee } from '../types';

/**
 * Cancelling controls of a card (spec part 1 §4): PROGRAMME or EN_COURS controls become ANNULE
 * with the reason, marked unsynced so that the next sync pushes them. Others are left as they are.
 */
export function annulerControles<T extends ControleTournee>(
  controles: readonly T[],
  ids: readonly string[],
  raisonAbandon: string,
  maintenant: number = Date.now(),
): T[] {
  const choisis = new Set(ids);
  return controles
    .filter((c) => choisis.has(c.id) && peutAnnuler(c.statut))
    .map((c) => ({
      ...c,
      statut: 'ANNULE' as const,
      raisonAbandon: raisonAbandon.trim(),
      sync: false,
      timestamp: maintenant,
    }));
}

/** The toasts of spec part 1 §8: singular for one control, plural for several. */
export const messagesAnnulation = (nombre: number) =>
  nombre > 1
    ? { succes: MESSAGES_TOURNEE.controlesAnnules, erreur: MESSAGES_TOURNEE.erreurAnnulations }
    : { succes: MESSAGES_TOURNEE.controleAnnule, erreur: MESSAGES_TOURNEE.erreurAnnulation };
