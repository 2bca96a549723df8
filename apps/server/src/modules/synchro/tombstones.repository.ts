import { sql } from 'drizzle-orm';
import type { EntiteSynchro } from '@estive/contracts';
import type { Database, Transaction } from '../../db/client';
import { syncTombstone } from '../../db/schema';

export interface SortieDePerimetre {
  entity: Exclude<EntiteSynchro, 'controle-recheck'>;
  entityIds: number[];
  /** The users whose devices must drop the records; null: every user no longer in scope. */
  utilisateurIds: number[] | null;
}

/**
 * Records that records left users' scope (a control reassigned to another controller, a round
 * taken away): their feeds then serve `_deleted` for them. Call it in the SAME transaction as the
 * change, so that the tombstone and the change share one transaction id and one fate.
 */
export async function enregistrerSortieDePerimetre(
  tx: Transaction | Database,
  sortie: SortieDePerimetre,
): Promise<void> {
  const utilisateurs = sortie.utilisateurIds ?? [null];
  const rows = sortie.entityIds.flatMap((entityId) =>
    utilisateurs.map((utilisateurId) => ({
      entity: sortie.entity,
      entityId,
      utilisateurId,
      changeXid: sql`pg_current_xact_id()`,
    })),
  );
  if (rows.length > 0) await tx.insert(syncTombstone).values(rows);
}
