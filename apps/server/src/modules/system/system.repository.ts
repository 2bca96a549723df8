import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ligneCompte, premiereLigne } from '../../db/lignes';

export function createSystemRepository(db: Database) {
  return {
    /** Throws when the database does not answer. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    /** Inbox entries stored but not processed (no `sync_inbox_traitement`): what replay redoes. */
    async inboxEnAttente(): Promise<number> {
      const ligne = await premiereLigne(
        db,
        // Control pushes only: the server resumes those by itself (inbox-reprise.job); an
        // interrupted contact edit or device log is sent again by the device instead.
        sql`select count(*)::int as n from sync_inbox i
             where i.kind = 'controle'
               and not exists (select 1 from sync_inbox_traitement t where t.inbox_id = i.id)`,
        ligneCompte,
      );
      return ligne?.n ?? 0;
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
