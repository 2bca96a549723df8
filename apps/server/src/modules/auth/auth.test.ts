import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const refresh = (cookie: string | undefined) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: cookie ? { estive_refresh: cookie } : {},
  });

describe('login', () => {
  it('answers an access token and sets an httpOnly, SameSite=Strict refresh cookie of at most 8 days', async () => {
    const { res } = await login(ctx.app, 'controleur@estive.test');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ accessToken: string; expiresIn: number }>();
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.expiresIn).toBe(600);
    const cookie = res.cookies.find((c) => c.name === 'estive_refresh')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/api/auth');
    const days = (cookie.expires!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(7.9);
    expect(days).toBeLessThanOrEqual(8);
  });

  it('refuses a wrong password with 401 and a French message, and an unknown login alike', async () => {
    const wrong = await login(ctx.app, 'controleur@estive.test', 'mauvais');
    const unknown = await login(ctx.app, 'personne@estive.test', 'estive');
    for (const { res } of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        message: 'Identifiant ou mot de passe incorrect',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('validates the body against the schema', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res.json<{ fieldErrors: { field: string }[] }>().fieldErrors.map((f) => f.field),
    ).toContain('password');
  });
});

describe('refresh', () => {
  it('rotates the token: the new one works, the old one is refused and revokes the family', async () => {
    const { refreshCookie: first } = await login(ctx.app, 'animateur@estive.test');
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.cookies.find((c) => c.name === 'estive_refresh')!.value;
    expect(second).not.toBe(first);

    // Replaying the first token (theft): refused, and the legitimate second one dies with it.
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('refuses a missing or unknown cookie', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('inconnu')).statusCode).toBe(401);
  });

  it('lets only one of two concurrent uses of the same token succeed', async () => {
    const { refreshCookie } = await login(ctx.app, 'cnaol@estive.test');
    const results = await Promise.all([refresh(refreshCookie), refresh(refreshCookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });
});

describe('logout', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const { refreshCookie } = await login(ctx.app, 'controleur@estive.test');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { estive_refresh: refreshCookie! },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'estive_refresh')?.value).toBe('');
    expect((await refresh(refreshCookie)).statusCode).toBe(401);
  });
});

describe('authenticated requests', () => {
  it('answer 401 without a token or with a forged one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/principal' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/principal',
      headers: bearer('a.b.c'),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answer 403 when X-Droit-Actif names a right of someone else, and accept the user own right', async () => {
    const controleur = await login(ctx.app, 'controleur@estive.test');
    const animateur = await login(ctx.app, 'animateur@estive.test');
    const principalAnimateur = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/principal',
        headers: bearer(animateur.accessToken),
      })
    ).json<{ droits: { id: string }[] }>();
    const foreign = principalAnimateur.droits[1].id;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/principal',
      headers: bearer(controleur.accessToken, foreign),
    });
    expect(res.statusCode).toBe(403);
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/principal',
      headers: bearer(animateur.accessToken, foreign),
    });
    expect(own.statusCode).toBe(200);
  });

  it('let CNAOL use any right', async () => {
    const cnaol = await login(ctx.app, 'cnaol@estive.test');
    const animateur = await login(ctx.app, 'animateur@estive.test');
    const droitAnimateur = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/principal',
        headers: bearer(animateur.accessToken),
      })
    ).json<{ droits: { id: string }[] }>().droits[0].id;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/principal/filters',
      headers: bearer(cnaol.accessToken, droitAnimateur),
    });
    expect(res.statusCode).toBe(200);
  });
});
