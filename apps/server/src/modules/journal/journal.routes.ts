import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logRequestSchema } from '@estive/contracts';
import type { JournalService } from './journal.service';

/**
 * `POST /api/log`: the client reports an error it met (e.g. an unannounced inspection that could
 * not be created). Stored with the device logs, purged after 8 days.
 */
export function journalRoutes(service: JournalService) {
  return async function register(app: FastifyInstance) {
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/log',
        { schema: { tags: ['journal'], body: logRequestSchema, response: { 204: z.null() } } },
        async (request, reply) => {
          await service.signaler(request.acteur, request.body);
          request.log.warn({ context: request.body.context }, 'client reported an error');
          return reply.status(204).send(null);
        },
      );
  };
}
