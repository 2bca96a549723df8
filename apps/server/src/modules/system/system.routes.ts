import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { erreurPourJournal } from '../../lib/erreur-journal';
import { AppError } from '../../lib/errors';
import { routeur } from '../../lib/route';
import type { SystemService } from './system.service';

export const MESSAGE_METRIQUES_FERMEES =
  'Métriques non exposées : définissez METRICS_TOKEN pour les lire';
export const MESSAGE_METRIQUES_JETON = 'Jeton des métriques absent ou invalide';

/** Compares in constant time: the answer's delay tells nothing of how much of a guess was right. */
function memeJeton(recu: string, attendu: string): boolean {
  const a = Buffer.from(recu);
  const b = Buffer.from(attendu);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The metrics name routes, counts and backlogs: not for the public (issue 28 item 7). The
 * scraper sends `Authorization: Bearer <METRICS_TOKEN>`: none is 401, a wrong one 403; without
 * METRICS_TOKEN the endpoint is closed (403).
 */
function verifierJetonMetriques(
  request: FastifyRequest,
  reply: FastifyReply,
  jeton: string | undefined,
): void {
  if (jeton === undefined) throw new AppError(403, 'FORBIDDEN', MESSAGE_METRIQUES_FERMEES);
  const recu = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (recu === undefined) {
    reply.header('www-authenticate', 'Bearer realm="metrics"');
    throw new AppError(401, 'UNAUTHORIZED', MESSAGE_METRIQUES_JETON);
  }
  if (!memeJeton(recu, jeton)) throw new AppError(403, 'FORBIDDEN', MESSAGE_METRIQUES_JETON);
}

export function systemRoutes(service: SystemService, metrics: Registry, metricsToken?: string) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['system']);
    const discret = { logLevel: 'warn' } as const;

    // Health (and readiness below): UP only if the database answers, 503 DOWN otherwise.
    const santeDeLaBase = async (request: FastifyRequest, reply: FastifyReply) => {
      const sante = await service.sante();
      if (sante.status === 'UP') return { status: 'UP' as const };
      request.log.error({ erreur: erreurPourJournal(sante.err) }, 'database does not answer');
      return reply.status(503).send({ status: 'DOWN' as const });
    };
    route('GET /api/actuator/health', santeDeLaBase, discret);

    // Liveness: the process answers (a restart would help only if it did not). No database call:
    // a database outage must not make the supervisor restart every node.
    route('GET /api/actuator/health/liveness', () => ({ status: 'UP' as const }), discret);

    // Readiness: send traffic here only if the database answers.
    route('GET /api/actuator/health/readiness', santeDeLaBase, discret);

    route(
      'GET /api/actuator/prometheus',
      async (request, reply) => {
        verifierJetonMetriques(request, reply, metricsToken);
        const texte = await metrics.metrics();
        return reply.type(metrics.contentType).send(texte);
      },
      discret,
    );

    route('GET /api/version', (request) => service.version(request.query.sha));
  };
}
