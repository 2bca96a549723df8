import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conflitDetailSchema,
  conflitPageSchema,
  conflitQuerySchema,
  conflitResolutionRequestSchema,
  idParamsSchema,
} from '@estive/contracts';
import type { ConflitsService } from './conflits.service';

const tags = ['tableau-de-bord'];

/** `/api/tdb/conflit/...`: sync conflicts of the perimeter, for the office to settle. */
export function conflitsRoutes(service: ConflitsService) {
  return async function register(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/api/tdb/conflit',
      {
        schema: {
          tags,
          summary: 'Conflits de synchronisation du périmètre',
          querystring: conflitQuerySchema,
          response: { 200: conflitPageSchema },
        },
      },
      (request) =>
        service.page(
          request.acteur,
          request.query.resolu === 'true',
          request.query.page,
          request.query.size,
        ),
    );
    api.get(
      '/api/tdb/conflit/:id',
      {
        schema: {
          tags,
          summary: "Un conflit : la version du bureau et celle de l'appareil",
          params: idParamsSchema,
          response: { 200: conflitDetailSchema },
        },
      },
      (request) => service.detail(request.acteur, request.params.id),
    );
    api.post(
      '/api/tdb/conflit/:id/resolution',
      {
        schema: {
          tags,
          summary: 'Garde une des deux versions et clôt le conflit (journalisé)',
          params: idParamsSchema,
          body: conflitResolutionRequestSchema,
          response: { 200: conflitDetailSchema },
        },
      },
      (request) => service.resoudre(request.acteur, request.params.id, request.body),
    );
  };
}
