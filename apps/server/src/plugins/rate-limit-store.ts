import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { compterRequete, purgerCompteursExpires } from '../modules/system/rate-limit.repository';

/** One request in this many also clears expired counters (a login keyed by IP leaves one row). */
const PURGE_UNE_FOIS_SUR = 200;

/**
 * @fastify/rate-limit's store, in PostgreSQL: the login limit holds for the whole cluster, not
 * per node. Only where counters live changes; the policy (keys, limits) stays the routes'.
 */
export function storePostgres(db: Database): FastifyRateLimitStoreCtor {
  class StorePostgres implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefixe = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      if (Math.random() * PURGE_UNE_FOIS_SUR < 1) void purgerCompteursExpires(db).catch(() => {});
      compterRequete(db, `${this.prefixe}${key}`, timeWindow).then(
        ({ compte, ttlMs }) => {
          callback(null, { current: compte, ttl: ttlMs });
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
      const methode = Array.isArray(routeOptions.method)
        ? routeOptions.method.join(',')
        : routeOptions.method;
      return new StorePostgres(undefined, `${methode} ${routeOptions.url}|`);
    }
  }
  return StorePostgres;
}
