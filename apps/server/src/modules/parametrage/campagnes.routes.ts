import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { CampagnesService } from './campagnes.service';

/** `/api/campagne`: the active ODG's campaigns. */
export function campagnesRoutes(service: CampagnesService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['parametrage']);
    route('GET /api/campagne', ({ acteur }) => service.lister(acteur));
    route('POST /api/campagne', ({ acteur, body }) => service.creer(acteur, body));
    route('PATCH /api/campagne/{id}', ({ acteur, params, body }) =>
      service.modifier(acteur, params.id, body),
    );
  };
}
