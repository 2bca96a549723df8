import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { ReferenceService } from './reference.service';

export function referenceRoutes(service: ReferenceService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['referentiel']);
    route('GET /api/aop-igp', ({ acteur }) => service.aopIgps(acteur));
    route('GET /api/activite', ({ acteur }) => service.activites(acteur));
    route('GET /api/profil', ({ acteur }) => service.activites(acteur));
    route('GET /api/activiteAopIgp', ({ acteur }) => service.activitesAop(acteur));
    route('GET /api/commune/autocomplete-enum', ({ acteur, query }) =>
      service.communes(acteur, query.q),
    );
  };
}
