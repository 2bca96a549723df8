import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { creationInopineRequestSchema, creationInopineResponseSchema } from '@estive/contracts';
import type { ControlesService } from './controles.service';

export function controlesRoutes(service: ControlesService) {
  return async function register(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/controle/inopine',
      {
        schema: {
          tags: ['controles'],
          body: creationInopineRequestSchema,
          response: { 201: creationInopineResponseSchema },
        },
      },
      async (request, reply) => {
        const version = request.headers['x-app-version'];
        const reponse = await service.creerInopine(
          request.acteur,
          request.body,
          typeof version === 'string' ? version : null,
        );
        return reply.status(201).send(reponse);
      },
    );
  };
}
