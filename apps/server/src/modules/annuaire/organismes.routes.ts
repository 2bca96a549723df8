import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { OrganismesService } from './organismes.service';

/** Spec part 2 §7 'Legal entity': `personne-morale/oc` and `personne-morale/odg/{id}`. */
export function organismesRoutes(service: OrganismesService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['annuaire']);
    route('GET /api/personne-morale/oc', ({ acteur }) => service.oc(acteur));
    route('GET /api/personne-morale/odg/{id}', ({ acteur, params }) =>
      service.odg(acteur, params.id),
    );
  };
}
