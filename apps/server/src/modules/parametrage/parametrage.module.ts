import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createCampagnesRepository } from './campagnes.repository';
import { campagnesRoutes } from './campagnes.routes';
import { createCampagnesService } from './campagnes.service';
import { createDocumentsRepository } from './documents.repository';
import { documentsRoutes } from './documents.routes';
import { createDocumentsService } from './documents.service';
import { createGrilleRepository } from './grille.repository';
import { grilleRoutes } from './grille.routes';
import { createGrilleService } from './grille.service';
import { createMatriceRepository } from './matrice.repository';
import { matriceRoutes } from './matrice.routes';
import { createMatriceService } from './matrice.service';
import { createModelesRepository } from './modeles.repository';
import { modelesRoutes } from './modeles.routes';
import { createModelesService } from './modeles.service';
import { createSystemeRepository } from './systeme.repository';
import { systemeRoutes } from './systeme.routes';
import { createSystemeService } from './systeme.service';

/** Paramétrage (issue 16, lane 16's part): campaigns, control grid, exploitation system. */
export function parametrageModule(db: Database) {
  return async function register(app: FastifyInstance) {
    const systeme = createSystemeService(createSystemeRepository(db));
    await app.register(campagnesRoutes(createCampagnesService(createCampagnesRepository(db))));
    await app.register(systemeRoutes(systeme));
    await app.register(documentsRoutes(createDocumentsService(createDocumentsRepository(db))));
    await app.register(matriceRoutes(createMatriceService(createMatriceRepository(db))));
    await app.register(modelesRoutes(createModelesService(createModelesRepository(db))));
    await app.register(grilleRoutes(createGrilleService(createGrilleRepository(db), systeme)));
  };
}
