import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { PanierService } from '../panier/panier.service';
import { createSynchroService } from '../synchro/synchro.service';
import { createControleursRepository } from './controleurs.repository';
import { producteurDocuments } from './documents';
import { documentsARefaire, journaliserChangementControleur } from './documents.repository';
import { createTourneesEcritureRepository } from './tournees-ecriture.repository';
import { createTourneesFichiersRepository } from './tournees-fichiers.repository';
import { createTourneesRepository } from './tournees.repository';
import { tourneesRoutes } from './tournees.routes';
import { createTourneesService } from './tournees.service';
import { createVisitesService, type ServiceTournees } from './visites.service';

/** The service alone: the sync feeds use it to acknowledge rounds a device holds. */
export function createTournees(
  db: Database,
  panier: PanierService,
  log: FastifyInstance['log'],
): ServiceTournees {
  const lecture = createTourneesRepository(db);
  const ecriture = createTourneesEcritureRepository(db);
  const controleurs = createControleursRepository(db);
  const visites = createVisitesService({ lecture, controleurs, db });
  const service = createTourneesService({
    lecture,
    ecriture,
    controleurs,
    panier,
    synchro: createSynchroService(db, log),
    documents: producteurDocuments(lecture, createTourneesFichiersRepository()),
    documentsARefaire,
    journal: journaliserChangementControleur,
  });
  return Object.assign(service, visites);
}

export function tourneesModule(service: ServiceTournees) {
  return async function register(app: FastifyInstance) {
    await app.register(tourneesRoutes(service));
  };
}
