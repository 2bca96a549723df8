import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, versionQuerySchema, versionResponseSchema } from '@estive/contracts';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import { erreurPourJournal } from '../../lib/erreur-journal';
import type { SystemService } from './system.service';

export function systemRoutes(service: SystemService, metrics: Registry) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Health (and readiness below): UP only if the database answers, 503 DOWN otherwise.
    const selonLaBase = {
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    } as const;
    const santeDeLaBase = async (request: FastifyRequest, reply: FastifyReply) => {
      const sante = await service.sante();
      if (sante.status === 'UP') return { status: 'UP' as const };
      request.log.error({ erreur: erreurPourJournal(sante.err) }, 'database does not answer');
      return reply.status(503).send({ status: 'DOWN' as const });
    };
    r.get('/api/actuator/health', selonLaBase, santeDeLaBase);

    // Liveness: the process answers (a restart would help only if it did not). No database call:
    // a database outage must not make the supervisor restart every node.
    r.get(
      '/api/actuator/health/liveness',
      { logLevel: 'warn', schema: { tags: ['system'], response: { 200: healthResponseSchema } } },
      () => ({ status: 'UP' as const }),
    );

    // Readiness: send traffic here only if the database answers.
    r.get('/api/actuator/health/readiness', selonLaBase, santeDeLaBase);

    r.get(
      '/api/actuator/prometheus',
      {
        logLevel: 'warn',
        schema: {
          tags: ['system'],
          description: 'Prometheus metrics of this node (text exposition format)',
          response: { 200: z.string() },
        },
      },
      async (_request, reply) => {
        const texte = await metrics.metrics();
        return reply.type(metrics.contentType).send(texte);
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
