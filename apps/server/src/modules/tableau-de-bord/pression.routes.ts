import type { FastifyInstance } from 'fastify';
import { envoyerXlsx } from '../../lib/xlsx';
import { routeur } from '../../lib/route';
import type { PressionService } from './pression.service';

const enNombre = (id: string | undefined) => (id === undefined ? undefined : Number(id));

/** `/api/tdb/pression/...`: control pressure, preselection, recorded draw, basket. */
export function pressionRoutes(service: PressionService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['tableau-de-bord']);
    route('GET /api/tdb/pression', ({ acteur, query }) =>
      service.pression(acteur, enNombre(query.campagneId)),
    );
    route('GET /api/tdb/pression/export', async ({ acteur, query }, reply) =>
      envoyerXlsx(
        reply,
        'pression-de-controle',
        await service.exportPression(acteur, enNombre(query.campagneId)),
      ),
    );
    route('PUT /api/tdb/pression/taux', ({ acteur, body }) => service.definirTaux(acteur, body));
    route('GET /api/tdb/pression/tirage', ({ acteur, query }) =>
      service.tirages(acteur, Number(query.campagneId), enNombre(query.aopIgpId)),
    );
    route('GET /api/tdb/pression/preselection', ({ acteur, query }) =>
      service.preselection(acteur, Number(query.campagneId), Number(query.aopIgpId), query.size),
    );
    route('POST /api/tdb/pression/prepare-tirage', ({ acteur, body }) =>
      service.prepareTirage(acteur, body),
    );
    route('GET /api/tdb/pression/tirage/{id}', ({ acteur, params }) =>
      service.tirage(acteur, params.id),
    );
    route('POST /api/tdb/pression/panier', ({ acteur, body }) =>
      service.versPanier(acteur, body.personneMoraleIds),
    );
  };
}
