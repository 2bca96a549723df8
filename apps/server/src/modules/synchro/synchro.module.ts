import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createFeedsService, type CrochetsFlux } from './feeds.service';
import { createInboxRepository } from './inbox.repository';
import { createInstantaneService } from './instantane.service';
import { createNumerosRapportService } from './numeros-rapport.service';
import { createPushControleService } from './push-controle.service';
import { createPushMoraleService } from './push-morale.service';
import { synchroRoutes } from './synchro.routes';

/** The synchronisation module: its routes (its purge runs as a settings task, modules/taches). */
export function synchroModule(db: Database, crochets: CrochetsFlux = {}) {
  return async function register(app: FastifyInstance) {
    const inbox = createInboxRepository(db);
    await app.register(
      synchroRoutes({
        feeds: createFeedsService(db, crochets),
        instantane: createInstantaneService(db),
        controles: createPushControleService(db, inbox, app.log),
        morales: createPushMoraleService(db, inbox),
        numeros: createNumerosRapportService(db),
      }),
    );
  };
}
