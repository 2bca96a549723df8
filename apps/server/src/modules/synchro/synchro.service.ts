import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { controleModifieSchema, nouveauControleSchema } from '@estive/contracts';
import { saisieDe } from './apply-controle';
import { createInboxRepository } from './inbox.repository';
import { deriverManquements } from './manquements-terrain.service';
import { pushControleRepository, type Saisie } from './push-controle.repository';
import { createPushControleService } from './push-controle.service';
import { enregistrerSortieDePerimetre, type SortieDePerimetre } from './tombstones.repository';

/**
 * What other modules may use of synchronisation (they reach a module only through its service):
 * creating controls by the push's own rules, and recording that records left users' scope.
 */
export function createSynchroService(db: Database, log: Pick<FastifyBaseLogger, 'error'>) {
  return {
    /** The push of controls, its inbox included: online creation follows the device's rules. */
    pushControles: createPushControleService(db, createInboxRepository(db), log),

    /** Call it in the SAME transaction as the change (see tombstones.repository). */
    async enregistrerSortieDePerimetre(tx: Transaction, sortie: SortieDePerimetre): Promise<void> {
      await enregistrerSortieDePerimetre(tx, sortie);
    },
  };
}
export type SynchroService = ReturnType<typeof createSynchroService>;

/** A device's stored entry read as the push reads it; null when it cannot be (it was refused). */
export function saisieAppareil(brut: unknown): Saisie | null {
  const lu = controleModifieSchema.safeParse(brut);
  if (lu.success) return saisieDe(lu.data);
  // A control created offline whose first entry was refused (VERDICTS).
  const nouveau = nouveauControleSchema.safeParse(brut);
  return nouveau.success ? saisieDe(nouveau.data) : null;
}

/**
 * Brings a control's shortcomings in line with its grid, in the caller's transaction: for an
 * office that writes a device's entry on a control (conflict resolution), as the push does.
 */
export async function constaterManquements(
  tx: Transaction,
  controleId: number,
  utilisateurId: number,
): Promise<void> {
  const controle = await pushControleRepository.verrouiller(tx, controleId);
  if (controle) await deriverManquements(tx, controle, utilisateurId);
}
