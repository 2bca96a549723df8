import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createSynchroService } from '../synchro/synchro.service';
import type { TourneesService } from '../tournees/tournees.service';
import { createControlesRepository } from './controles.repository';
import { controlesRoutes } from './controles.routes';
import { createControlesService } from './controles.service';
import { createDepotExterneRepository } from './depot-externe.repository';
import { depotExterneRoutes } from './depot-externe.routes';
import { createDepotExterneService } from './depot-externe.service';

/**
 * Controls created online go through the sync module's push service: the request is kept in its
 * inbox and applied by the same rules as a device's push (habilitation VALIDEE, perimeter, sites,
 * activities, idempotent clientUuid), so online and offline creation cannot drift apart.
 */
export function controlesModule(
  db: Database,
  tournees: Pick<TourneesService, 'documentsApresChangementControleur'>,
) {
  return async function register(app: FastifyInstance) {
    await app.register(
      controlesRoutes(
        createControlesService(
          createControlesRepository(db),
          createSynchroService(db, app.log),
          tournees,
        ),
      ),
    );
    await app.register(
      depotExterneRoutes(createDepotExterneService(createDepotExterneRepository(db))),
    );
  };
}
