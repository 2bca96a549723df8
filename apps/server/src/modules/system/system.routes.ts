import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthResponseSchema, versionQuerySchema, versionResponseSchema } from '@estive/contracts';
import type { Database } from '../../db/client';
import { erreurPourJournal } from '../../lib/erreur-journal';

/** The build id of the web app being served, written by its build into dist/version.json. */
export function readServedBuildId(webDist: string): string {
  try {
    const parsed = JSON.parse(readFileSync(path.join(webDist, 'version.json'), 'utf8')) as {
      sha?: unknown;
    };
    return typeof parsed.sha === 'string' ? parsed.sha : 'dev';
  } catch {
    return 'dev';
  }
}

export function systemRoutes(db: Database, webDist: string) {
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
        try {
          await db.execute(sql`select 1`);
          return { status: 'UP' as const };
        } catch (err) {
          request.log.error({ erreur: erreurPourJournal(err) }, 'database does not answer');
          return reply.status(503).send({ status: 'DOWN' as const });
        }
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
      (request) => {
        // Read per call: a redeploy that replaces dist/ is seen without restarting.
        const sha = readServedBuildId(webDist);
        return { sha, current: request.query.sha === sha };
      },
    );
  };
}
