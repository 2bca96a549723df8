import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/**
 * Feature modules behind authentication (request.acteur is set). Each feature registers its
 * routes here: one line per module.
 */
export async function registerFeatureModules(app: FastifyInstance, db: Database): Promise<void> {
  void app;
  void db;
}
