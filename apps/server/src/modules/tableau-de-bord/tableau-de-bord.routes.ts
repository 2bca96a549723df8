import type { FastifyInstance } from 'fastify';
import { envoyerXlsx } from '../../lib/xlsx';
import { routeur } from '../../lib/route';
import type { TableauDeBordService } from './tableau-de-bord.service';

/** `/api/tdb/...`: the office's dashboards (spec part 1 §2 route `tdb`, part 2 §7). */
export function tableauDeBordRoutes(service: TableauDeBordService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['tableau-de-bord']);
    route('GET /api/tdb/controle', ({ acteur, query }) => {
      const { page, size, ...filtres } = query;
      return service.controles(acteur, filtres, page, size);
    });
    route('GET /api/tdb/controle/export', async ({ acteur, query }, reply) =>
      envoyerXlsx(reply, 'controles', await service.exportControles(acteur, query)),
    );
    route('GET /api/tdb/manquement', ({ acteur, query }) => {
      const { page, size, ...filtres } = query;
      return service.manquements(acteur, filtres, page, size);
    });
    route('GET /api/tdb/manquement/export', async ({ acteur, query }, reply) =>
      envoyerXlsx(reply, 'manquements', await service.exportManquements(acteur, query)),
    );
    route('GET /api/tdb/controle/statistiques', ({ acteur, query }) =>
      service.statistiquesControles(acteur, query),
    );
    route('GET /api/tdb/manquement/statistiques', ({ acteur, query }) =>
      service.statistiquesManquements(acteur, query),
    );
    route('POST /api/tdb/manquement/manuelle', ({ acteur, body }) =>
      service.creerManuel(acteur, body),
    );
    route('GET /api/tdb/manquement/{id}', ({ acteur, params }) =>
      service.manquement(acteur, params.id),
    );
    route('POST /api/tdb/manquement/{id}/commentaire', ({ acteur, params, body }) =>
      service.commenter(acteur, params.id, body),
    );
    route('GET /api/tdb/suivi/{id}', ({ acteur, params }) => service.suivi(acteur, params.id));
    route('GET /api/tdb/parametrage-tdb', ({ acteur }) => service.parametrage(acteur));
    route('PUT /api/tdb/parametrage-tdb', ({ acteur, body }) =>
      service.enregistrerParametrage(acteur, body),
    );
  };
}
