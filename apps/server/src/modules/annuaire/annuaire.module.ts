import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createAnonymisationRepository } from './anonymisation.repository';
import { createContactRepository } from './contact.repository';
import { contactRoutes } from './contact.routes';
import { createContactService } from './contact.service';
import { createFicheRepository } from './fiche.repository';
import { createGroupeRepository } from './groupe.repository';
import { groupeRoutes } from './groupe.routes';
import { createGroupeService } from './groupe.service';
import { createHabilitationAnnexesRepository } from './habilitation-annexes.repository';
import { habilitationAnnexesRoutes } from './habilitation-annexes.routes';
import { createHabilitationAnnexesService } from './habilitation-annexes.service';
import { createHabilitationRepository } from './habilitation.repository';
import { habilitationRoutes } from './habilitation.routes';
import { createHabilitationService } from './habilitation.service';
import { createOrganismesRepository } from './organismes.repository';
import { organismesRoutes } from './organismes.routes';
import { createOrganismesService } from './organismes.service';
import { createPersonneMoraleRepository } from './personne-morale.repository';
import { personneMoraleRoutes } from './personne-morale.routes';
import { createPersonneMoraleService } from './personne-morale.service';
import { createPersonnePhysiqueRepository } from './personne-physique.repository';
import { personnePhysiqueRoutes } from './personne-physique.routes';
import { createPersonnePhysiqueService } from './personne-physique.service';
import { createReferenceRepository } from './reference.repository';
import { referenceRoutes } from './reference.routes';
import { createReferenceService } from './reference.service';
import { createSiteRepository } from './site.repository';
import { siteRoutes } from './site.routes';
import { createSiteService } from './site.service';

/** The directory (annuaire): operators, people, habilitations, groups, reference lists. */
export function annuaireModule(db: Database) {
  return async function register(app: FastifyInstance) {
    const anonymisation = createAnonymisationRepository(db);
    await app.register(
      personneMoraleRoutes(
        createPersonneMoraleService(
          createPersonneMoraleRepository(db),
          createFicheRepository(db),
          anonymisation,
        ),
      ),
    );
    await app.register(contactRoutes(createContactService(createContactRepository(db))));
    await app.register(
      siteRoutes(createSiteService(createSiteRepository(db), createPersonneMoraleRepository(db))),
    );
    await app.register(organismesRoutes(createOrganismesService(createOrganismesRepository(db))));
    await app.register(
      personnePhysiqueRoutes(
        createPersonnePhysiqueService(createPersonnePhysiqueRepository(db), anonymisation),
      ),
    );
    await app.register(
      habilitationRoutes(createHabilitationService(createHabilitationRepository(db))),
    );
    await app.register(
      habilitationAnnexesRoutes(
        createHabilitationAnnexesService(createHabilitationAnnexesRepository(db)),
      ),
    );
    await app.register(groupeRoutes(createGroupeService(createGroupeRepository(db))));
    await app.register(referenceRoutes(createReferenceService(createReferenceRepository(db))));
  };
}
