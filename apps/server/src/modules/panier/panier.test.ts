import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/panier', () => {
  it("lists the basket of the animator's active perimeter", async () => {
    const { accessToken } = await login(ctx.app, 'animateur@estive.test');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/panier?size=50',
      headers: bearer(accessToken),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ totalElements: number; content: { siret: string }[] }>();
    expect(body.totalElements).toBe(6);
    expect(body.content).toHaveLength(6);
  });

  it('is refused to a controller', async () => {
    const { accessToken } = await login(ctx.app, 'controleur@estive.test');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/panier',
      headers: bearer(accessToken),
    });
    expect(res.statusCode).toBe(403);
  });

  it('validates paging', async () => {
    const { accessToken } = await login(ctx.app, 'animateur@estive.test');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/panier?size=5000',
      headers: bearer(accessToken),
    });
    expect(res.statusCode).toBe(400);
  });
});
