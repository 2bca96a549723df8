import type { Database } from '../../db/client';
import { purger } from './purge.repository';

/** The sync retention purge, for the settings' scheduled tasks (modules/taches). */
export function createPurgeSynchroService(db: Database) {
  return { purger: (maintenant?: Date) => purger(db, maintenant) };
}
export type PurgeSynchroService = ReturnType<typeof createPurgeSynchroService>;
