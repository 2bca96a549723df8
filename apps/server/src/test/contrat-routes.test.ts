import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@estive/contracts';
import { createTestApp, type TestContext } from './test-app';

/**
 * One definition per endpoint (issue 31): every route of the API is registered from its contract
 * in packages/contracts (lib/route.ts puts the key in the route's config), and every contract has
 * its route. Both directions, from the route table Fastify builds.
 */

/** Served by plugins, not by the API's modules: the OpenAPI UI and its document. */
const HORS_CONTRAT = /^\/api\/docs(\/|$)/;

interface RouteApi {
  cle: string;
  contrat: string | undefined;
}

const cleDe = (methode: string, url: string) => `${methode} ${url.replace(/:(\w+)/g, '{$1}')}`;

function routesApi(routes: RouteOptions[]): RouteApi[] {
  return routes.flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD' && r.url.startsWith('/api/') && !HORS_CONTRAT.test(r.url))
      .map((m) => ({ cle: cleDe(m, r.url), contrat: r.config?.cle })),
  );
}

/** Routes written by hand, or registered under another contract's key. */
const horsContrat = (routes: RouteApi[]) =>
  routes.filter((r) => r.contrat !== r.cle).map((r) => r.cle);

/** Contracts no route serves, and keys served twice. */
function contratsOrphelins(routes: RouteApi[], cles: string[]) {
  const servies = routes.map((r) => r.cle);
  return {
    orphelins: cles.filter((cle) => !servies.includes(cle)),
    doubles: servies.filter((cle, i) => servies.indexOf(cle) !== i),
  };
}

let ctx: TestContext;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { onRoute: (r) => routes.push(r) });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

describe('contract-first routes', () => {
  it('every API route is registered from its contract, under its own key', () => {
    const api = routesApi(routes);
    expect(api.length).toBeGreaterThan(170);
    expect(horsContrat(api), 'routes written outside packages/contracts').toEqual([]);
  });

  it('every contract has exactly one route', () => {
    expect(contratsOrphelins(routesApi(routes), Object.keys(endpoints))).toEqual({
      orphelins: [],
      doubles: [],
    });
  });

  it('the checks catch a hand-written route, a wrong key, a contract without route, a double', () => {
    const fausses: RouteApi[] = [
      { cle: 'GET /api/a-la-main', contrat: undefined },
      { cle: 'GET /api/x/{id}', contrat: 'GET /api/y/{id}' },
      { cle: 'GET /api/z', contrat: 'GET /api/z' },
      { cle: 'GET /api/z', contrat: 'GET /api/z' },
    ];
    expect(horsContrat(fausses)).toEqual(['GET /api/a-la-main', 'GET /api/x/{id}']);
    expect(contratsOrphelins(fausses, ['GET /api/z', 'POST /api/sans-route'])).toEqual({
      orphelins: ['POST /api/sans-route'],
      doubles: ['GET /api/z'],
    });
  });
});
