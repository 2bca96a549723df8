import { z } from 'zod';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { colonne, ligne } from '../../db/lignes';
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
  it('answers an access token and sets an httpOnly, SameSite=Strict, Secure refresh cookie of at most 8 days, with Max-Age', async () => {
    const { res } = await login(ctx.app, 'controleur@estive.test');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ accessToken: string; expiresIn: number }>();
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.expiresIn).toBe(600);
    const cookie = res.cookies.find((c) => c.name === 'estive_refresh')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/api/auth');
    // NODE_ENV=test: Secure by default everywhere but in development.
    expect(cookie.secure).toBe(true);
    expect(cookie.maxAge).toBeGreaterThan(8 * 86_400 - 60);
    expect(cookie.maxAge).toBeLessThanOrEqual(8 * 86_400);
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
  const cookieDe = (res: Awaited<ReturnType<typeof refresh>>) =>
    res.cookies.find((c) => c.name === 'estive_refresh')?.value;
  /** Moves a token's use back in time, past the grace period (as if a minute had gone by). */
  const vieillir = async (seconds: number) => {
    await ctx.database.db.execute(
      sql`update refresh_token set used_at = used_at - make_interval(secs => ${seconds}) where used_at is not null`,
    );
  };

  it('rotates the token: the new one works, the old one reused after the grace period revokes the family', async () => {
    const { refreshCookie: first } = await login(ctx.app, 'animateur@estive.test');
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = cookieDe(rotated);
    expect(second).not.toBe(first);
    expect(rotated.cookies.find((c) => c.name === 'estive_refresh')?.maxAge).toBeGreaterThan(0);

    // Replaying the first token later (theft): refused, and the legitimate second one dies with it.
    await vieillir(31);
    const rejoue = await refresh(first);
    expect(rejoue.statusCode).toBe(401);
    expect(rejoue.json()).toMatchObject({ message: 'Session révoquée' });
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('gives the same successor again when a refresh is retried within the grace period (lost answer)', async () => {
    const { refreshCookie: first } = await login(ctx.app, 'controleur@estive.test');
    const a = await refresh(first);
    const b = await refresh(first);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(cookieDe(b)).toBe(cookieDe(a));
    expect(b.json<{ accessToken: string }>().accessToken.split('.')).toHaveLength(3);
    // The family is alive: the successor rotates normally.
    const c = await refresh(cookieDe(a));
    expect(c.statusCode).toBe(200);
    // Once the successor was used, the first token is a reuse even within the grace: revoked.
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(cookieDe(c))).statusCode).toBe(401);
  });

  it('revokes the family when the retry comes after the grace period', async () => {
    const { refreshCookie: first } = await login(ctx.app, 'controleur@estive.test');
    const a = await refresh(first);
    expect(a.statusCode).toBe(200);
    await vieillir(31);
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(cookieDe(a))).statusCode).toBe(401);
  });

  it('refuses a missing or unknown cookie', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('inconnu')).statusCode).toBe(401);
  });

  it('gives two concurrent uses of the same token one and the same successor', async () => {
    const { refreshCookie } = await login(ctx.app, 'cnaol@estive.test');
    const results = await Promise.all([refresh(refreshCookie), refresh(refreshCookie)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(cookieDe(results[0])).toBe(cookieDe(results[1]));
    const hash = createHash('sha256')
      .update(refreshCookie ?? '')
      .digest('hex');
    const vivants = await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from refresh_token where used_at is null and revoked_at is null
          and family = (select family from refresh_token where token_hash = ${hash})`,
      z.object({ n: colonne.entier }),
    );
    // One live successor, not two: the family has a single head.
    expect(vivants.n).toBe(1);
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

  it('clears the cookie with SameSite=Strict, Secure and httpOnly, as it was set', async () => {
    const { refreshCookie } = await login(ctx.app, 'controleur@estive.test');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { estive_refresh: refreshCookie! },
    });
    const efface = res.cookies.find((c) => c.name === 'estive_refresh');
    expect(efface).toMatchObject({
      sameSite: 'Strict',
      secure: true,
      httpOnly: true,
      path: '/api/auth',
    });
  });

  it("ends the session's access tokens too, those refreshed included, not others' (issue 28 item 6)", async () => {
    const session = await login(ctx.app, 'controleur@estive.test');
    const autre = await login(ctx.app, 'controleur@estive.test');
    const tourne = await refresh(session.refreshCookie);
    const rafraichi = tourne.json<{ accessToken: string }>().accessToken;
    const suivant = tourne.cookies.find((c) => c.name === 'estive_refresh')?.value ?? '';
    const principal = (token: string) =>
      ctx.app.inject({ url: '/api/principal', headers: bearer(token) });
    expect((await principal(session.accessToken)).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { estive_refresh: suivant },
    });
    for (const jeton of [session.accessToken, rafraichi]) {
      const res = await principal(jeton);
      expect(res.statusCode).toBe(401);
    }
    // The same account signed in elsewhere keeps its session.
    expect((await principal(autre.accessToken)).statusCode).toBe(200);
  });

  it('gives each access token its own id (jti) and its session (sid)', async () => {
    const { accessToken } = await login(ctx.app, 'controleur@estive.test');
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      jti?: string;
      sid?: string;
    };
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('authenticated requests', () => {
  it('answer 401 to a well-signed token without exp (it would never expire)', async () => {
    const principal = await login(ctx.app, 'controleur@estive.test');
    const sub = JSON.parse(
      Buffer.from(principal.accessToken.split('.')[1]!, 'base64url').toString(),
    ) as { sub: string };
    const sansExp = await new SignJWT({ roles: ['ROLE_CONTROLEUR'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub.sub)
      .setIssuedAt()
      .sign(ctx.config.jwtSecret);
    const avecExp = await new SignJWT({ roles: ['ROLE_CONTROLEUR'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(ctx.config.jwtSecret);
    const get = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/principal', headers: bearer(token) });
    expect((await get(avecExp)).statusCode).toBe(200);
    const refuse = await get(sansExp);
    expect(refuse.statusCode).toBe(401);
    expect(refuse.json()).toMatchObject({ message: 'Jeton invalide ou expiré' });
  });

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
    const foreign = principalAnimateur.droits[1]!.id;
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
    ).json<{ droits: { id: string }[] }>().droits[0]!.id;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/principal/filters',
      headers: bearer(cnaol.accessToken, droitAnimateur),
    });
    expect(res.statusCode).toBe(200);
  });
});
