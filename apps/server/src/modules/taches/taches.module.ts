import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { erreurPourJournal } from '../../lib/erreur-journal';
import type { MailService } from '../mail/mail.service';
import { createPurgeSynchroService } from '../synchro/purge.service';
import { createTachesRepository } from './taches.repository';
import { tachesRoutes } from './taches.routes';
import { createTachesService } from './taches.service';

/** How often the schedule looks for a task due; each task has its own period. */
export const INTERVALLE_PLANIFICATION_MS = 5 * 60_000;

export function tachesModule(db: Database, mail: MailService, planifier: boolean) {
  return async function register(app: FastifyInstance) {
    const service = createTachesService(
      createTachesRepository(db),
      createPurgeSynchroService(db),
      mail,
      app.log,
    );
    await app.register(tachesRoutes(service));
    if (!planifier) return;
    const tic = () => {
      service
        .planifier()
        .catch((error: unknown) =>
          app.log.error({ erreur: erreurPourJournal(error) }, 'planification des tâches en échec'),
        );
    };
    // Timers never keep the process alive; the first tick waits for the boot to settle.
    const premier = setTimeout(tic, 60_000);
    const periodique = setInterval(tic, INTERVALLE_PLANIFICATION_MS);
    premier.unref();
    periodique.unref();
    app.addHook('onClose', async () => {
      clearTimeout(premier);
      clearInterval(periodique);
    });
  };
}
