import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, ligne, lignes } from '../../db/lignes';

/**
 * docs/architecture.md §4: tombstones are kept at least 90 days; spec: device logs 8 rolling days.
 */
export const RETENTION_TOMBSTONES_JOURS = 90;
export const RETENTION_JOURNAUX_JOURS = 8;
/**
 * Inbox files that never became a control's file (rejected), once the device has had time to send
 * them again: the spec names no period; 90 days, like tombstones. Files of an entry the office has
 * not settled yet (an open `controle_conflit`) stay.
 */
export const RETENTION_FICHIERS_REJETES_JOURS = 90;
/** Advisory-lock key of the purge: one run per cluster, whatever the number of processes. */
const VERROU_PURGE = 0x657374_01;

const ligneVerrou = z.object({ ok: colonne.booleen });
/** A deleted row, counted only. */
const ligneSupprimee = z.object({ id: colonne.entier });

/**
 * Deletes tombstones and device logs past their retention, under a transaction-scoped advisory
 * lock (released with the transaction, so a pooled connection never keeps it). Answers null when
 * another process holds the lock. Ages count from the server's own clock (`created_at`), never a
 * device's.
 */
export async function purger(
  db: Database,
  maintenant: Date = new Date(),
): Promise<{ tombstones: number; journaux: number; fichiersRejetes: number } | null> {
  return db.transaction(async (tx) => {
    const verrou = await ligne(
      tx,
      sql`select pg_try_advisory_xact_lock(${VERROU_PURGE}) as ok`,
      ligneVerrou,
    );
    if (!verrou.ok) return null;
    const instant = maintenant.toISOString();
    const tombstones = await lignes(
      tx,
      sql`delete from sync_tombstone
           where created_at < ${instant}::timestamptz - make_interval(days => ${RETENTION_TOMBSTONES_JOURS})
           returning id`,
      ligneSupprimee,
    );
    const journaux = await lignes(
      tx,
      sql`delete from front_log
           where created_at < ${instant}::timestamptz - make_interval(days => ${RETENTION_JOURNAUX_JOURS})
           returning id`,
      ligneSupprimee,
    );
    // The inbox is append-only; this transaction, and only it, may delete rejected files.
    await tx.execute(sql`select set_config('estive.purge_inbox', 'on', true)`);
    const fichiersRejetes = await lignes(
      tx,
      sql`delete from sync_inbox_fichier f
           using sync_inbox i
           where i.id = f.inbox_id
             and i.received_at < ${instant}::timestamptz - make_interval(days => ${RETENTION_FICHIERS_REJETES_JOURS})
             and not exists (select 1 from fichier s where s.sha256 = f.sha256)
             and not exists (select 1 from controle_conflit c
                              where c.inbox_id = f.inbox_id and c.resolu_le is null)
           returning f.id`,
      ligneSupprimee,
    );
    return {
      tombstones: tombstones.length,
      journaux: journaux.length,
      fichiersRejetes: fichiersRejetes.length,
    };
  });
}
