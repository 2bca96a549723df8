import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JournalRepository } from './journal.repository';

export const logRequestSchema = z.object({
  context: z.string().trim().min(1).max(200),
  message: z.string().max(20_000),
});

/**
 * `POST /api/log`: the client reports an error it met (e.g. an unannounced inspection that could
 * not be created). Stored with the device logs, purged after 8 days.
 */
export function journalRoutes(repository: JournalRepository) {
  return async function register(app: FastifyInstance) {
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/log',
        { schema: { tags: ['journal'], body: logRequestSchema, response: { 204: z.null() } } },
        async (request, reply) => {
          await repository.inserer({
            utilisateurId: request.acteur.utilisateurId,
            source: request.body.context,
            logs: request.body.message,
          });
          request.log.warn({ context: request.body.context }, 'client reported an error');
          return reply.status(204).send(null);
        },
      );
  };
}
