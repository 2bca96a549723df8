import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { PersonnePhysiqueService } from './personne-physique.service';

export function personnePhysiqueRoutes(service: PersonnePhysiqueService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['annuaire']);
    route('GET /api/personne-physique', ({ acteur, query }) => {
      const { page, size, sort, ...filtres } = query;
      return service.rechercher(acteur, filtres, { page, size, sort });
    });
    route('GET /api/contact/physique/recherche', ({ acteur, query }) =>
      service.contacts(acteur, query.q),
    );
    route('GET /api/fiche/physique/{id}', ({ acteur, params }) => service.fiche(acteur, params.id));
    route('POST /api/personne-physique', ({ acteur, body }) => service.creer(acteur, body));
    route('PATCH /api/personne-physique/{id}', ({ acteur, params, body }) =>
      service.modifier(acteur, params.id, body),
    );
    route('POST /api/personne-physique/anonymisation/{id}', ({ acteur, params, query }) =>
      service.anonymiser(acteur, params.id, query.force),
    );
  };
}
