import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, versionQuerySchema, versionResponseSchema } from '@estive/contracts';
import { erreurPourJournal } from '../../lib/erreur-journal';
import type { SystemService } from './system.service';

export function systemRoutes(service: SystemService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/actuator/health',
      {
        logLevel: 'warn',
        schema: {
          tags: ['system'],
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (request, reply) => {
        const sante = await service.sante();
        if (sante.status === 'UP') return { status: 'UP' as const };
        request.log.error({ erreur: erreurPourJournal(sante.err) }, 'database does not answer');
        return reply.status(503).send({ status: 'DOWN' as const });
      },
    );

    r.get(
      '/api/version',
      {
        schema: {
          tags: ['system'],
          querystring: versionQuerySchema,
          response: { 200: versionResponseSchema },
        },
      },
      (request) => service.version(request.query.sha),
    );
  };
}
