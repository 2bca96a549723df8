import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { ControlesService } from './controles.service';

export function controlesRoutes(service: ControlesService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['controles']);
    route('POST /api/controles/{id}/annulation', ({ acteur, params, body }) =>
      service.annuler(acteur, params.id, body.raison),
    );
    route('POST /api/controles/{id}/controleur', ({ acteur, params, body }) =>
      service.changerControleur(acteur, params.id, Number(body.controleurId)),
    );
    route('POST /api/controle/inopine', ({ acteur, body, headers }) => {
      const version = headers['x-app-version'];
      return service.creerInopine(acteur, body, typeof version === 'string' ? version : null);
    });
  };
}
