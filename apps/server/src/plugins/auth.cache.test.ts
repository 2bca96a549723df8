import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { colonne, ligne } from '../db/lignes';
import { bearer, createTestApp, login, type TestContext } from '../test/test-app';

/**
 * The actor of a token is kept between requests (plugins/auth.ts `lecteurActeurs`): each write
 * that changes what it is read from — the account, its roles, its right, its session — must apply
 * to the very next request, as it did when every request read it.
 */
let ctx: TestContext;
let jeton: string;
let droit: string;
let sid: string;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  const session = await login(ctx.app, 'animateur@estive.test');
  jeton = session.accessToken;
  sid = z
    .object({ sid: z.string() })
    .parse(JSON.parse(Buffer.from(jeton.split('.')[1] ?? '', 'base64url').toString())).sid;
  const principal = await ctx.app.inject({ url: '/api/principal', headers: bearer(jeton) });
  droit = z.object({ droits: z.array(z.object({ id: z.string() })).min(1) }).parse(principal.json())
    .droits[0]!.id;
});
afterAll(() => ctx.close());

const recherche = () =>
  ctx.app.inject({ url: '/api/panier/recherche?size=3', headers: bearer(jeton, droit) });
const ecrire = (requete: ReturnType<typeof sql>) => ctx.database.db.execute(requete);
const login_ = sql`'animateur@estive.test'`;

/** Served twice (the second from the cache), then the write, then the next request. */
async function apres(ecriture: ReturnType<typeof sql>, annulation: ReturnType<typeof sql>) {
  expect((await recherche()).statusCode).toBe(200);
  expect((await recherche()).statusCode).toBe(200);
  await ecrire(ecriture);
  const res = await recherche();
  await ecrire(annulation);
  return res;
}

describe('the actor kept between requests', () => {
  it('answers as a fresh lookup would', async () => {
    const premiere = await recherche();
    const seconde = await recherche();
    expect(seconde.statusCode).toBe(200);
    expect(seconde.json()).toEqual(premiere.json());
  });

  it('refuses the next request once the account is disabled', async () => {
    const res = await apres(
      sql`update utilisateur set actif = false where login = ${login_}`,
      sql`update utilisateur set actif = true where login = ${login_}`,
    );
    expect(res.statusCode).toBe(401);
    expect((await recherche()).statusCode).toBe(200);
  });

  it('refuses the next request once the right is no longer his', async () => {
    // Someone without a right on that ODG (rights are unique per user and ODG).
    const autre = await ligne(
      ctx.database.db,
      sql`select u.id from utilisateur u
           where not exists (select 1 from droit d
                              where d.utilisateur_id = u.id
                                and d.organisme_id = (select organisme_id from droit where id = ${Number(droit)}))
           order by u.id limit 1`,
      z.object({ id: colonne.entier }),
    );
    const proprietaire = await ligne(
      ctx.database.db,
      sql`select utilisateur_id as id from droit where id = ${Number(droit)}`,
      z.object({ id: colonne.entier }),
    );
    const res = await apres(
      sql`update droit set utilisateur_id = ${autre.id} where id = ${Number(droit)}`,
      sql`update droit set utilisateur_id = ${proprietaire.id} where id = ${Number(droit)}`,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe("Ce droit n'est pas le vôtre");
  });

  it('applies a role taken away to the next request', async () => {
    const res = await apres(
      sql`update utilisateur set roles = '{ROLE_CONTROLEUR}' where login = ${login_}`,
      sql`update utilisateur set roles = '{ROLE_ANIMATEUR}' where login = ${login_}`,
    );
    expect(res.statusCode).toBe(403);
  });

  it('refuses the next request once the session is revoked, and only that session', async () => {
    const autre = await login(ctx.app, 'animateur@estive.test');
    const res = await apres(
      sql`update refresh_token set revoked_at = now() where family = ${sid}::uuid`,
      sql`update refresh_token set revoked_at = null where family = ${sid}::uuid`,
    );
    expect(res.statusCode).toBe(401);
    const ailleurs = await ctx.app.inject({
      url: '/api/panier/recherche?size=3',
      headers: bearer(autre.accessToken, droit),
    });
    expect(ailleurs.statusCode).toBe(200);
  });

  it('hears a write on the connection that made it before the write returns', async () => {
    const avant = ctx.database.acteurs.generation();
    // A statement-level trigger: it notifies even when no row changes.
    await ecrire(sql`update utilisateur set actif = actif where false`);
    expect(ctx.database.acteurs.generation()).toBeGreaterThan(avant);
    const pendant = ctx.database.acteurs.generation();
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`update droit set organisme_id = organisme_id where false`);
    });
    expect(ctx.database.acteurs.generation()).toBeGreaterThan(pendant);
    // A refresh (used_at) is not a change of the actor.
    const ensuite = ctx.database.acteurs.generation();
    await ecrire(sql`update refresh_token set used_at = used_at where false`);
    expect(ctx.database.acteurs.generation()).toBe(ensuite);
  });
});

// Only where the suite runs on PostgreSQL (DATABASE_URL): PGlite has one connection, no other node.
if (process.env.DATABASE_URL) {
  describe('the actor kept between requests, on PostgreSQL', () => {
    it("hears another node's write and refuses the next request", async () => {
      const pool = ctx.database.pool;
      if (!pool) throw new Error('pas de pool PostgreSQL');
      expect((await recherche()).statusCode).toBe(200);
      // Another node: a connection of its own, not of this node's pool.
      const autreNoeud = new pg.Client(pool.options);
      await autreNoeud.connect();
      try {
        const avant = ctx.database.acteurs.generation();
        await autreNoeud.query(
          "update utilisateur set actif = false where login = 'animateur@estive.test'",
        );
        // Heard through this node's listening connections, a moment after the commit.
        await vi.waitFor(() => expect(ctx.database.acteurs.generation()).toBeGreaterThan(avant), {
          timeout: 10_000,
        });
        expect((await recherche()).statusCode).toBe(401);
      } finally {
        await autreNoeud.query(
          "update utilisateur set actif = true where login = 'animateur@estive.test'",
        );
        await autreNoeud.end();
      }
      expect((await recherche()).statusCode).toBe(200);
    });
  });
}
