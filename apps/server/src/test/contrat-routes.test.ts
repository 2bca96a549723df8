import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@estive/contracts';
import { createTestApp, type TestContext } from './test-app';

/**
 * One definition per endpoint (issue 31): every route of the API is registered from its contract
 * in packages/contracts, and every contract has its route. Both directions, from the route table
 * Fastify builds.
 */

/** Routes not yet registered through `route()`: this list only shrinks. */
const A_MIGRER = new Set<string>([]);

/** Contracts whose path the server does not register as written yet. */
const CONTRATS_A_MIGRER = new Set<string>([]);

/** Served by plugins, not by the API's modules: the OpenAPI UI and its document. */
const HORS_CONTRAT = /^\/api\/docs(\/|$)/;

let ctx: TestContext;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { onRoute: (r) => routes.push(r) });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

const cleDe = (methode: string, url: string) => `${methode} ${url.replace(/:(\w+)/g, '{$1}')}`;

function routesApi(): { cle: string; contrat: string | undefined }[] {
  return routes.flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD' && r.url.startsWith('/api/') && !HORS_CONTRAT.test(r.url))
      .map((m) => ({ cle: cleDe(m, r.url), contrat: r.config?.cle })),
  );
}

describe('contract-first routes', () => {
  it('every API route is registered from its contract, under the same key', () => {
    const sansContrat = routesApi()
      .filter((r) => r.contrat === undefined && !A_MIGRER.has(r.cle))
      .map((r) => r.cle);
    expect(sansContrat, 'routes written outside packages/contracts').toEqual([]);
    for (const r of routesApi()) if (r.contrat) expect(r.contrat).toBe(r.cle);
  });

  it('every contract has exactly one route', () => {
    const enregistrees = routesApi().map((r) => r.cle);
    const orphelins = Object.keys(endpoints).filter(
      (cle) => !enregistrees.includes(cle) && !CONTRATS_A_MIGRER.has(cle),
    );
    expect(orphelins, 'contracts without a route').toEqual([]);
    const doubles = enregistrees.filter((cle, i) => enregistrees.indexOf(cle) !== i);
    expect(doubles).toEqual([]);
  });

  it('the list of routes still to migrate names only routes that exist and lack a contract', () => {
    const parCle = new Map(routesApi().map((r) => [r.cle, r.contrat]));
    for (const cle of A_MIGRER) {
      expect(parCle.has(cle), cle).toBe(true);
      expect(parCle.get(cle), cle).toBeUndefined();
    }
  });
});
