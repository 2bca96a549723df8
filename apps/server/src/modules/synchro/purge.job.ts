import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { erreurPourJournal } from '../../lib/erreur-journal';
import { purger } from './purge.repository';

export const INTERVALLE_PURGE_MS = 60 * 60 * 1000;

/**
 * Runs the purge every hour in this process; the advisory lock makes one process of the
 * cluster do it. Timers are unref'd: they never keep the process alive. Returns the stopper.
 */
export function demarrerPurgePeriodique(
  db: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  intervalleMs = INTERVALLE_PURGE_MS,
): () => void {
  const executer = () => {
    purger(db)
      .then((bilan) => {
        if (bilan)
          log.info({ purge: bilan }, 'synchro: purge des tombstones, journaux et fichiers rejetés');
      })
      .catch((error: unknown) =>
        log.error({ erreur: erreurPourJournal(error) }, 'synchro: purge en échec'),
      );
  };
  const premier = setTimeout(executer, Math.min(60_000, intervalleMs));
  const periodique = setInterval(executer, intervalleMs);
  premier.unref();
  periodique.unref();
  return () => {
    clearTimeout(premier);
    clearInterval(periodique);
  };
}
