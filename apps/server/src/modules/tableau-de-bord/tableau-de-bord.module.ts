import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { PanierService } from '../panier/panier.service';
import { createConflitsRepository } from './conflits.repository';
import { conflitsRoutes } from './conflits.routes';
import { createConflitsService } from './conflits.service';
import { createParametrageTdbRepository } from './parametrage-tdb.repository';
import { createPressionRepository } from './pression.repository';
import { pressionRoutes } from './pression.routes';
import { createPressionService } from './pression.service';
import { tableauDeBordRoutes } from './tableau-de-bord.routes';
import { createTableauDeBordService } from './tableau-de-bord.service';
import { createTdbControlesRepository } from './tdb-controles.repository';
import { createTdbManquementsRepository } from './tdb-manquements.repository';

export function tableauDeBordModule(db: Database, panier: PanierService) {
  return async function register(app: FastifyInstance) {
    await app.register(
      tableauDeBordRoutes(
        createTableauDeBordService(
          createTdbControlesRepository(db),
          createTdbManquementsRepository(db),
          createParametrageTdbRepository(db),
        ),
      ),
    );
    await app.register(conflitsRoutes(createConflitsService(createConflitsRepository(db))));
    await app.register(pressionRoutes(createPressionService(createPressionRepository(db), panier)));
  };
}
