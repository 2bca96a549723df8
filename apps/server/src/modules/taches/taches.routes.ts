import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  lancementTacheSchema,
  tacheLanceeSchema,
  tachesSchema,
} from '@estive/contracts';
import type { TachesService } from './taches.service';

const tags = ['taches'];

export function tachesRoutes(service: TachesService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/tache',
      {
        schema: {
          tags,
          summary: 'Tâches planifiées, leur dernière exécution et leur historique',
          response: { 200: tachesSchema, 403: errorResponseSchema },
        },
      },
      (request) => service.lister(request.acteur),
    );
    r.post(
      '/api/tache/execution',
      {
        schema: {
          tags,
          summary: 'Lance une tâche maintenant (la réponse n’attend pas sa fin)',
          body: lancementTacheSchema,
          response: {
            202: tacheLanceeSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { id } = await service.demarrer(request.acteur, request.body.code);
        return reply.status(202).send({ id });
      },
    );
  };
}
