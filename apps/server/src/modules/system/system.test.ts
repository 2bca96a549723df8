import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'estive-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="fr"><title>Estive</title></html>',
  );
  writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ sha: 'build-42' }));
  ctx = await createTestApp({ WEB_DIST: webDist });
});
afterAll(() => ctx.close());

describe('health', () => {
  it('is UP when the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/actuator/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP' });
  });
});

describe('version', () => {
  it('tells whether the front build is the one served', async () => {
    const current = await ctx.app.inject({ method: 'GET', url: '/api/version?sha=build-42' });
    expect(current.json()).toEqual({ sha: 'build-42', current: true });
    const old = await ctx.app.inject({ method: 'GET', url: '/api/version?sha=build-41' });
    expect(old.json()).toEqual({ sha: 'build-42', current: false });
  });
});

describe('web app serving', () => {
  it.each(['/', '/tournee/detail/3'])(
    'answers %s (a first visit, no service worker yet) with index.html, never cached',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Estive</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers unknown API paths with a JSON 404 of the error contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/inexistant' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', globalErrors: [], fieldErrors: [] });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/principal', '/api/actuator/health']),
    );
    // The directory's routes, with their query schemas (transforms included) rendered.
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/personne-morale',
        '/api/personne-morale/export',
        '/api/personne-morale/anonymisation/{id}',
        '/api/fiche/morale/{id}',
        '/api/habilitation',
        '/api/groupe/{id}/membre-possible',
        '/api/commune/autocomplete-enum',
      ]),
    );
  });

  it('a 204 answer has no content (OpenAPI: no body, not a JSON null)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{ paths: Record<string, Record<string, { responses?: object }>> }>();
    const vides = Object.values(doc.paths)
      .flatMap((methodes) => Object.values(methodes))
      .flatMap((op) => Object.entries(op.responses ?? {}))
      .filter(([code]) => code === '204')
      .map(([, r]: [string, unknown]) => r);
    expect(vides.length).toBeGreaterThan(5);
    for (const r of vides) expect(r).not.toHaveProperty('content');
  });
});
