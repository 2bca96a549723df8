import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let token: string;
const fichierDe = async (login: string) => {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select f.id from fichier f join controle c on f.id = any(c.fichier_ids)
          join utilisateur u on u.id = c.controleur_id where u.login = ${login} limit 1`,
  );
  return row.id;
};

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'controleur@estive.test')).accessToken;
});
afterAll(() => ctx.close());

describe('GET /api/fichier/:id', () => {
  it("serves a DI of an operator of the controller's perimeter, as a PDF", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/fichier/${await fichierDe('controleur@estive.test')}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers 404 for a file of another ODG's operator, as for a missing one", async () => {
    const foreign = await fichierDe('controleur.auvergne@estive.test');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/fichier/${foreign}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/fichier/99999999',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/log', () => {
  it('stores a client error report with its context', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/log',
      headers: bearer(token),
      payload: { context: 'creation-inopine', message: 'Erreur réseau' },
    });
    expect(res.statusCode).toBe(204);
    const rows = await queryRows<{ source: string }>(
      ctx.database.db,
      sql`select source from front_log where logs = 'Erreur réseau'`,
    );
    expect(rows).toEqual([{ source: 'creation-inopine' }]);
  });

  it('refuses a report without context', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/log',
      headers: bearer(token),
      payload: { message: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });
});
