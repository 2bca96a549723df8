import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { MatriceService } from './matrice.service';

/** `/api/categorie-activite/matrice`: the active ODG's category × activity matrix. */
export function matriceRoutes(service: MatriceService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['parametrage']);
    route('GET /api/categorie-activite/matrice', ({ acteur }) => service.lire(acteur));
    route('PUT /api/categorie-activite/matrice', ({ acteur, body }) =>
      service.ecrire(acteur, body),
    );
  };
}
