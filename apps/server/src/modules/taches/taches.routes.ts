import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { TachesService } from './taches.service';

/** `/api/tache`: the scheduled tasks, and launching one now. */
export function tachesRoutes(service: TachesService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['taches']);
    route('GET /api/tache', ({ acteur }) => service.lister(acteur));
    route('POST /api/tache/execution', async ({ acteur, body }) => {
      const { id } = await service.demarrer(acteur, body.code);
      return { id };
    });
  };
}
