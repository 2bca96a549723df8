import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, ligne } from '../../db/lignes';
import { createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.ready();
});
afterAll(() => ctx.close());

describe('websocket /api/ws', () => {
  it('answers ping with pong for an authenticated client', async () => {
    const { accessToken } = await login(ctx.app, 'controleur@estive.test');
    const socket = await ctx.app.injectWS(`/api/ws?access_token=${accessToken}`);
    const reply = new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString())),
    );
    socket.send('ping');
    expect(await reply).toBe('pong');
    socket.terminate();
  });

  it('refuses a client without a valid token', async () => {
    await expect(ctx.app.injectWS('/api/ws?access_token=invalide')).rejects.toThrow();
    await expect(ctx.app.injectWS('/api/ws')).rejects.toThrow();
  });

  it('passes on a sync hint after a write, once per burst, with table names only', async () => {
    const { accessToken } = await login(ctx.app, 'controleur@estive.test');
    const socket = await ctx.app.injectWS(`/api/ws?access_token=${accessToken}`);
    const messages: string[] = [];
    socket.on('message', (data: Buffer) => messages.push(data.toString()));
    const premier = new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString())),
    );
    // Two tables in one transaction, then the same table again: one hint naming both.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update tournee set statut = statut where id in (select id from tournee limit 2)`,
      );
      await tx.execute(
        sql`update controle set statut = statut where id in (select id from controle limit 3)`,
      );
    });
    await ctx.database.db.execute(
      sql`update controle set statut = statut where id in (select id from controle limit 1)`,
    );
    expect(JSON.parse(await premier)).toEqual({ type: 'indice', tables: ['controle', 'tournee'] });
    // Device logs go up only: no hint for them.
    await ctx.database.db.execute(
      sql`insert into front_log (source, logs, creation) values ('test', 'rien', now())`,
    );
    await new Promise((r) => setTimeout(r, 600));
    expect(messages.map((m) => JSON.parse(m) as unknown)).toEqual([
      { type: 'indice', tables: ['controle', 'tournee'] },
    ]);
    socket.terminate();
  });
});

describe('websocket /api/ws and deactivation (issue 16 §4)', () => {
  it("signs a deactivated account's open page out at once, and only that one", async () => {
    const cnaol = await login(ctx.app, 'cnaol@estive.test');
    const controleur = await login(ctx.app, 'controleur2@estive.test');
    const autre = await login(ctx.app, 'controleur@estive.test');
    const visé = await ctx.app.injectWS(`/api/ws?access_token=${controleur.accessToken}`);
    const temoin = await ctx.app.injectWS(`/api/ws?access_token=${autre.accessToken}`);
    const recus: string[] = [];
    temoin.on('message', (data: Buffer) => recus.push(data.toString()));
    const message = new Promise<string>((resolve) =>
      visé.once('message', (data: Buffer) => resolve(data.toString())),
    );
    const fermeture = new Promise<number>((resolve) => visé.once('close', resolve));
    const { id } = await ligne(
      ctx.database.db,
      sql`select id from utilisateur where login = 'controleur2@estive.test'`,
      z.object({ id: colonne.entier }),
    );
    const reponse = await ctx.app.inject({
      method: 'POST',
      url: `/api/utilisateur/${String(id)}/desactivation`,
      headers: { authorization: `Bearer ${cnaol.accessToken}` },
    });
    expect(reponse.statusCode).toBe(204);
    expect(JSON.parse(await message)).toEqual({ type: 'session-revoquee' });
    expect(await fermeture).toBe(4401);
    // The other page stays open and hears no 'utilisateur' hint (no feed carries accounts).
    temoin.send('ping');
    await expect.poll(() => recus).toContain('pong');
    expect(recus.filter((m) => m.includes('utilisateur'))).toEqual([]);
    temoin.terminate();
    // A page that was reconnecting at that moment hears it on its next connection: its unexpired
    // token opens a socket that only says so and closes — no pong, no hint.
    // Listened to from the start: the server speaks as soon as the socket opens.
    const apresReconnexion: string[] = [];
    let code: Promise<number> = Promise.resolve(0);
    await ctx.app.injectWS(`/api/ws?access_token=${controleur.accessToken}`, undefined, {
      onInit: (reconnecte) => {
        reconnecte.on('message', (data: Buffer) => apresReconnexion.push(data.toString()));
        code = new Promise<number>((resolve) => reconnecte.once('close', resolve));
      },
    });
    expect(await code).toBe(4401);
    expect(apresReconnexion.map((m) => JSON.parse(m) as unknown)).toEqual([
      { type: 'session-revoquee' },
    ]);
  });
});
