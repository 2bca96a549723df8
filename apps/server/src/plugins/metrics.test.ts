import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_METRIQUES_FERMEES,
  MESSAGE_METRIQUES_JETON,
} from '../modules/system/system.routes';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
const JETON = 'jeton-de-la-sonde-prometheus-0123456789';
const sonde = { authorization: `Bearer ${JETON}` };
beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: JETON });
});
afterAll(async () => {
  await ctx.close();
});

describe('observability', () => {
  it('the metrics are not public: 401 without the token, 403 with another, 200 with it', async () => {
    const url = '/api/actuator/prometheus';
    // Before (issue 28 item 7): 200 and every route's figures to anyone.
    const sans = await ctx.app.inject({ url });
    expect(sans.statusCode).toBe(401);
    expect(sans.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(sans.json()).toMatchObject({ message: MESSAGE_METRIQUES_JETON });
    expect(sans.body).not.toContain('http_requests_total');
    for (const authorization of [`Bearer ${JETON}x`, 'Bearer x', `Basic ${JETON}`]) {
      const autre = await ctx.app.inject({ url, headers: { authorization } });
      expect([authorization, autre.statusCode]).toEqual([
        authorization,
        authorization.startsWith('Basic') ? 401 : 403,
      ]);
      expect(autre.body).not.toContain('http_requests_total');
    }
    const avec = await ctx.app.inject({ url, headers: sonde });
    expect(avec.statusCode).toBe(200);
    expect(avec.body).toContain('http_requests_total');
    // Without METRICS_TOKEN the endpoint stays closed, even to a user's token.
    const ferme = await createTestApp();
    try {
      const res = await ferme.app.inject({ url, headers: sonde });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: MESSAGE_METRIQUES_FERMEES });
    } finally {
      await ferme.close();
    }
  });

  it('answers liveness and readiness', async () => {
    for (const url of ['/api/actuator/health/liveness', '/api/actuator/health/readiness']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'UP' });
    }
  });

  it('counts requests and their latency per route template, not per URL', async () => {
    await ctx.app.inject({ url: '/api/synchro/controle?batchSize=10' });
    const res = await ctx.app.inject({ url: '/api/actuator/prometheus', headers: sonde });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/synchro\/controle",status_code="401"\} 1/,
    );
    expect(res.body).toContain('http_request_duration_seconds_bucket{le="0.005"');
    expect(res.body).not.toContain('batchSize');
    expect(res.body).toMatch(/estive_sync_inbox_backlog \d+/);
  });

  it('sends the request id back, and keeps one a proxy gave', async () => {
    const res = await ctx.app.inject({
      url: '/api/actuator/health/liveness',
      headers: { 'x-request-id': 'proxy-1234' },
    });
    expect(res.headers['x-request-id']).toBe('proxy-1234');
    const autre = await ctx.app.inject({ url: '/api/actuator/health/liveness' });
    expect(autre.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('behind a reverse proxy', () => {
  it('takes the client address from X-Forwarded-For only when the proxy is trusted', async () => {
    const derriere = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      derriere.app.get('/test/ip', (request) => ({ ip: request.ip }));
      const headers = { 'x-forwarded-for': '203.0.113.7' };
      const res = await derriere.app.inject({ url: '/test/ip', headers });
      expect(res.json()).toEqual({ ip: '203.0.113.7' });
    } finally {
      await derriere.close();
    }
  });
});
