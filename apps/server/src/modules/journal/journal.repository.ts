import type { Database } from '../../db/client';
import { frontLog } from '../../db/schema';

export function createJournalRepository(db: Database) {
  return {
    async inserer(entry: { utilisateurId: number; source: string; logs: string }) {
      await db.insert(frontLog).values({ ...entry, creation: new Date() });
    },
  };
}
export type JournalRepository = ReturnType<typeof createJournalRepository>;
