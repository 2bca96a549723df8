import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { PanierService } from './panier.service';

/** The basket of the perimeter: the operators waiting for a round. */
export function panierRoutes(service: PanierService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['panier']);
    route('GET /api/panier', ({ acteur, query }) => service.lister(acteur, query.page, query.size));
    route('GET /api/panier/taille', ({ acteur }) => service.taille(acteur));
    route('GET /api/panier/recherche', ({ acteur, query }) => service.rechercher(acteur, query));
    route('GET /api/panier/informations', ({ acteur, query }) =>
      service.informations(acteur, query.ids),
    );
    route('POST /api/panier', ({ acteur, body }) =>
      service.ajouter(acteur, body.personneMoraleIds),
    );
    route('DELETE /api/panier/{personneMoraleId}', async ({ acteur, params }) => {
      await service.retirer(acteur, params.personneMoraleId);
      return null;
    });
  };
}
