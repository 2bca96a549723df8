import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { DepotExterneService } from './depot-externe.service';

/** External deposit and its autocompletes (CNAOL and ANIMATEUR, active perimeter). */
export function depotExterneRoutes(service: DepotExterneService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['controles']);
    route('GET /api/controle/depotExterne/odg/{id}', ({ acteur, params }) =>
      service.odg(acteur, params.id),
    );
    route('POST /api/controle/depotExterne', ({ acteur, body }) => service.deposer(acteur, body));
    route('GET /api/controle/depotExterne/operateurs', ({ acteur, query }) =>
      service.operateurs(acteur, Number(query.aopIgpId), query.q),
    );
    route('GET /api/controle/depotExterne/auditeurs', ({ acteur, query }) =>
      service.auditeurs(acteur, query.q),
    );
    route('GET /api/controle/depotExterne/points', ({ acteur, query }) =>
      service.points(acteur, Number(query.aopIgpId), query.q),
    );
    route('GET /api/controle/depotExterne/manquements', ({ acteur, query }) =>
      service.manquements(acteur, Number(query.aopIgpId), Number(query.personneMoraleId)),
    );
  };
}
