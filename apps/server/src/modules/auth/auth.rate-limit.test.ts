import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Login throttling (issue 13 item 5, issue 28 item 6): by address, by account and address, and
 * by account for devices it never signed in on, counted in PostgreSQL. Only failed or in-flight
 * attempts count, so a NAT address shared by a whole ODG is never throttled by good logins; a
 * password guessed from many addresses slows to a crawl without locking the owner out.
 */
const PAR_ADRESSE = 20;
const PAR_COMPTE = 10;
const PAR_PAIRE = 5;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    LOGIN_RATE_LIMIT_PER_MINUTE: String(PAR_ADRESSE),
    LOGIN_ECHECS_PAR_COMPTE: String(PAR_COMPTE),
    LOGIN_ECHECS_PAR_ADRESSE_ET_COMPTE: String(PAR_PAIRE),
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

  it('300 wrong passwords from 30 addresses: guessing slows to a crawl, the owner still signs in', async () => {
    // The owner signed in on his tablet before: it carries his refresh cookie.
    const avant = await connecter(ctx.app, 'animateur@estive.test', 'estive', '192.0.2.50');
    const cookie = avant.cookies.find((c) => c.name === 'estive_refresh')?.value ?? '';
    const reponses = await parPaquets(300, 10, (i) =>
      connecter(
        ctx.app,
        'animateur@estive.test',
        `essai-${String(i)}`,
        `198.51.100.${String(i % 30)}`,
      ),
    );
    const statuts = reponses.map((r) => r.statusCode);
    // Ten free, then 1 s, 2 s, 4 s… between guesses from devices the account never signed in on.
    expect(statuts.filter((s) => s === 401).length).toBeLessThanOrEqual(PAR_COMPTE + 5);
    expect(statuts.every((s) => s === 401 || s === 429)).toBe(true);
    expect(reponses.find((r) => r.statusCode === 429)?.json<{ message: string }>().message).toMatch(
      /^Trop de tentatives, veuillez réessayer dans (une seconde|\d+ secondes)$/,
    );
    // The owner's known device is not held back, from any address…
    const connu = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'animateur@estive.test', password: 'estive' },
      remoteAddress: '192.0.2.99',
      cookies: { estive_refresh: cookie },
    });
    expect(connu.statusCode, connu.body).toBe(200);
    // …and a success ends the series: a new device signs in again at once.
    expect(
      (await connecter(ctx.app, 'animateur@estive.test', 'estive', '192.0.2.98')).statusCode,
    ).toBe(200);
    // Another account, from one of those addresses, is not touched.
    expect(
      (await connecter(ctx.app, 'cnaol@estive.test', 'estive', '198.51.100.3')).statusCode,
    ).toBe(200);
  });

  it('ten wrong passwords from ten addresses do not lock the owner out (issue 28 item 6)', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await connecter(
        ctx.app,
        'nat48@estive.test',
        'mauvais',
        `203.0.113.${String(100 + i)}`,
      );
      expect(r.statusCode).toBe(401);
    }
    // From his own address, on a device without a cookie: signed in, not 'dans 15 minutes'.
    expect(
      (await connecter(ctx.app, 'nat48@estive.test', 'estive', '203.0.113.7')).statusCode,
    ).toBe(200);
  });

  it('one address guessing one account waits longer and longer, alone', async () => {
    const compte = 'nat47@estive.test';
    const essai = (adresse = '192.0.2.200') => connecter(ctx.app, compte, 'mauvais', adresse);
    for (let i = 0; i < PAR_PAIRE + 1; i++) expect((await essai()).statusCode).toBe(401);
    // The try after the free ones set a wait of one second: the next one comes too early.
    const tot = await essai();
    expect(tot.statusCode).toBe(429);
    expect(tot.json<{ message: string }>().message).toBe(
      'Trop de tentatives, veuillez réessayer dans une seconde',
    );
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await essai()).statusCode).toBe(401);
    const ensuite = await essai();
    expect(ensuite.json<{ message: string }>().message).toBe(
      'Trop de tentatives, veuillez réessayer dans 2 secondes',
    );
    // The owner, elsewhere, is not held back by it.
    expect((await connecter(ctx.app, compte, 'estive', '192.0.2.201')).statusCode).toBe(200);
  });

  it('counts a burst of parallel attempts before checking them: no more than the limit get through', async () => {
    const debut = performance.now();
    const reponses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        connecter(ctx.app, 'nat49@estive.test', `rafale-${String(i)}`, `192.0.2.${String(i)}`),
      ),
    );
    const dureeS = (performance.now() - debut) / 1000;
    // Ten free, the eleventh too (it sets the first wait, 1 s), then one more each time a wait
    // (1 s, 2 s, 4 s…) runs out while the burst is still arriving: a loaded machine spreads it.
    const attentesEcoulees = Math.floor(Math.log2(dureeS + 1));
    expect(reponses.filter((r) => r.statusCode !== 429).length).toBeLessThanOrEqual(
      PAR_COMPTE + 1 + attentesEcoulees,
    );
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
