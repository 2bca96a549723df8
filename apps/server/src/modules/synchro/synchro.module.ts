import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createFeedsService, type CrochetsFlux } from './feeds.service';
import { createInboxRepository } from './inbox.repository';
import { createInstantaneService, type InstantaneService } from './instantane.service';
import { erreurPourJournal } from '../../lib/erreur-journal';
import { createNumerosRapportService } from './numeros-rapport.service';
import { createPushControleService } from './push-controle.service';
import { createPushMoraleService } from './push-morale.service';
import { synchroRoutes } from './synchro.routes';

/** The synchronisation module: its routes (its purge runs as a settings task, modules/taches). */
export function synchroModule(db: Database, crochets: CrochetsFlux = {}) {
  return async function register(app: FastifyInstance) {
    const inbox = createInboxRepository(db);
    const instantane = createInstantaneService(db, { affiner: app.config.instantanesPrechauffes });
    if (app.config.instantanesPrechauffes) prechauffer(app, instantane);
    await app.register(
      synchroRoutes({
        feeds: createFeedsService(db, crochets),
        instantane,
        controles: createPushControleService(db, inbox, app.log),
        morales: createPushMoraleService(db, inbox),
        numeros: createNumerosRapportService(db),
      }),
    );
  };
}

/** The snapshots built once the server is up, in the background: a failure only costs a wait. */
function prechauffer(app: FastifyInstance, instantane: InstantaneService) {
  let ferme = false;
  app.addHook('onReady', async () => {
    instantane
      .prechauffer(() => ferme)
      .catch((error: unknown) =>
        app.log.warn(
          { erreur: erreurPourJournal(error) },
          "instantanés de l'annuaire non préparés",
        ),
      );
  });
  app.addHook('onClose', async () => {
    ferme = true;
  });
}
