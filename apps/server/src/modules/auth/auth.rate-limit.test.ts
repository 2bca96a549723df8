import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Login throttling (issue 13 item 5): by address *and* by account, counted in PostgreSQL. Only
 * failed or in-flight attempts count, so a NAT address shared by a whole ODG is never throttled
 * by good logins, while a password guessed from many addresses is.
 */
const PAR_ADRESSE = 20;
const PAR_COMPTE = 10;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    LOGIN_RATE_LIMIT_PER_MINUTE: String(PAR_ADRESSE),
    LOGIN_ECHECS_PAR_COMPTE: String(PAR_COMPTE),
    LOGIN_FENETRE_COMPTE_MINUTES: '15',
  });
  // 50 accounts of one ODG (the demo controller's password and person, new logins).
  await ctx.database.db.execute(sql`
    insert into utilisateur (login, password_hash, roles, personne_physique_id)
    select 'nat' || g || '@estive.test', password_hash, roles, personne_physique_id
    from utilisateur, generate_series(1, 50) g where login = 'controleur@estive.test'`);
});
afterAll(() => ctx.close());

const connecter = (app: FastifyInstance, login: string, password: string, adresse: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password },
    remoteAddress: adresse,
  });

async function parPaquets<T>(n: number, taille: number, f: (i: number) => Promise<T>) {
  const resultats: T[] = [];
  for (let debut = 0; debut < n; debut += taille) {
    const paquet = Array.from({ length: Math.min(taille, n - debut) }, (_, k) => f(debut + k));
    resultats.push(...(await Promise.all(paquet)));
  }
  return resultats;
}

describe('login throttling', () => {
  it('lets 50 devices behind one NAT address all sign in, 10 at a time', async () => {
    const reponses = await parPaquets(50, 10, (i) =>
      connecter(ctx.app, `nat${String(i + 1)}@estive.test`, 'estive', '203.0.113.7'),
    );
    expect(reponses.map((r) => r.statusCode)).toEqual(Array<number>(50).fill(200));
  });

  it('throttles 300 wrong passwords on one account from 30 addresses, then the right one too', async () => {
    const reponses = await parPaquets(300, 10, (i) =>
      connecter(
        ctx.app,
        'animateur@estive.test',
        `essai-${String(i)}`,
        `198.51.100.${String(i % 30)}`,
      ),
    );
    const statuts = reponses.map((r) => r.statusCode);
    expect(statuts.filter((s) => s === 401).length).toBeLessThanOrEqual(PAR_COMPTE);
    expect(statuts.filter((s) => s === 429).length).toBeGreaterThanOrEqual(300 - PAR_COMPTE);
    expect(statuts.every((s) => s === 401 || s === 429)).toBe(true);
    // Otherwise the limit would tell the attacker which password is right.
    const juste = await connecter(ctx.app, 'animateur@estive.test', 'estive', '192.0.2.99');
    expect(juste.statusCode).toBe(429);
    expect(juste.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Trop de tentatives, veuillez réessayer dans 15 minutes',
      globalErrors: [],
      fieldErrors: [],
    });
    // Another account, from one of those addresses, is not touched.
    expect(
      (await connecter(ctx.app, 'cnaol@estive.test', 'estive', '198.51.100.3')).statusCode,
    ).toBe(200);
  });

  it('counts a burst of parallel attempts before checking them: no more than the limit get through', async () => {
    const reponses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        connecter(ctx.app, 'nat49@estive.test', `rafale-${String(i)}`, `192.0.2.${String(i)}`),
      ),
    );
    expect(reponses.filter((r) => r.statusCode !== 429).length).toBeLessThanOrEqual(PAR_COMPTE);
  });

  it('throttles one address trying many accounts, in French, and not the other addresses', async () => {
    const reponses = await parPaquets(PAR_ADRESSE + 5, 5, (i) =>
      connecter(ctx.app, `inconnu${String(i)}@estive.test`, 'x', '233.252.0.1'),
    );
    const statuts = reponses.map((r) => r.statusCode);
    expect(statuts.filter((s) => s === 401)).toHaveLength(PAR_ADRESSE);
    expect(statuts.filter((s) => s === 429)).toHaveLength(5);
    expect(reponses.at(-1)?.json()).toMatchObject({
      message: 'Trop de tentatives, veuillez réessayer dans une minute',
    });
    expect(
      (await connecter(ctx.app, 'nat50@estive.test', 'estive', '233.252.0.2')).statusCode,
    ).toBe(200);
  });
});
