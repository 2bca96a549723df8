import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';
import { champDe } from '@estive/domain';
import type { DatabaseHandle } from '../db/client';
import type { SystemService } from '../modules/system/system.service';

const ROUTES_PUSH = new Set(['/api/synchro/controle']);

/**
 * Prometheus metrics of this process (docs/architecture.md §9: each node is scraped on its own):
 * request rate and latency per route, the database pool, sync push results by statut, the inbox
 * backlog. One registry per app, so tests building several apps do not share counters.
 */
export function registerMetrics(
  app: FastifyInstance,
  database: DatabaseHandle,
  system: SystemService,
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requetes = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template',
    labelNames,
    registers: [registry],
  });
  const duree = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration, by route template',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const resultats = new Counter({
    name: 'estive_sync_push_results_total',
    help: 'Results of pushed controls, by statut (ACCEPTE, DOUBLON, CONFLIT, REJETE)',
    labelNames: ['statut'],
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'estive_sync_pushes_total',
    help: 'Control pushes answered 200',
    registers: [registry],
  });
  new Gauge({
    name: 'estive_sync_inbox_backlog',
    help: 'Control pushes stored but not yet judged',
    registers: [registry],
    async collect() {
      this.set(await system.inboxEnAttente());
    },
  });
  const pool: pg.Pool | undefined = database.pool;
  if (pool) {
    // Registered with `registry`; its collect() reads the pool at each scrape.
    new Gauge({
      name: 'estive_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'non trouvée',
      status_code: String(reply.statusCode),
    };
    requetes.inc(labels);
    duree.observe(labels, reply.elapsedTime / 1000);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // The request id travels back, so a user's report can be found in the logs.
    void reply.header('x-request-id', request.id);
    const route = request.routeOptions.url;
    if (request.method === 'POST' && route && ROUTES_PUSH.has(route) && reply.statusCode === 200) {
      pushes.inc();
      if (typeof payload === 'string') {
        const liste = champDe(JSON.parse(payload), 'resultats');
        for (const r of Array.isArray(liste) ? liste : []) {
          const statut = champDe(r, 'statut');
          if (typeof statut === 'string') resultats.inc({ statut });
        }
      }
    }
    return payload;
  });
  return registry;
}
