import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { ConflitsService } from './conflits.service';

/** `/api/tdb/conflit/...`: sync conflicts of the perimeter, for the office to settle. */
export function conflitsRoutes(service: ConflitsService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['tableau-de-bord']);
    route('GET /api/tdb/conflit', ({ acteur, query }) =>
      service.page(acteur, query.resolu === 'true', query.page, query.size),
    );
    route('GET /api/tdb/conflit/{id}', ({ acteur, params }) => service.detail(acteur, params.id));
    route('POST /api/tdb/conflit/{id}/resolution', ({ acteur, params, body }) =>
      service.resoudre(acteur, params.id, body),
    );
  };
}
