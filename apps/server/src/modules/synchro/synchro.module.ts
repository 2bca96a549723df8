import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createFeedsService, type CrochetsFlux } from './feeds.service';
import { createInboxRepository } from './inbox.repository';
import { createNumerosRapportService } from './numeros-rapport.service';
import { demarrerPurgePeriodique } from './purge.job';
import { createPushControleService } from './push-controle.service';
import { createPushMoraleService } from './push-morale.service';
import { synchroRoutes } from './synchro.routes';

/** The synchronisation module: its routes, and the periodic purge for the process's lifetime. */
export function synchroModule(db: Database, crochets: CrochetsFlux = {}) {
  return async function register(app: FastifyInstance) {
    const inbox = createInboxRepository(db);
    await app.register(
      synchroRoutes({
        feeds: createFeedsService(db, crochets),
        controles: createPushControleService(db, inbox, app.log),
        morales: createPushMoraleService(db, inbox),
        numeros: createNumerosRapportService(db),
      }),
    );
    const arreter = demarrerPurgePeriodique(db, app.log);
    app.addHook('onClose', async () => arreter());
  };
}
