import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirConnecte } from '../../test/bureau.test-helpers';

let ctx: TestContext, token: string;
const fichierDe = async (login: string) => {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select f.id from fichier f join controle c on f.id = any(c.fichier_ids)
          join utilisateur u on u.id = c.controleur_id where u.login = ${login} limit 1`,
  );
  return row!.id;
};

beforeAll(async () => {
  ({ ctx, token } = await ouvrirConnecte());
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

  it('serves each file with the type its bytes have, anything else as an opaque download', async () => {
    const id = await fichierDe('controleur@estive.test');
    const servir = async (contenu: Buffer, mimeType: string) => {
      await ctx.database.db.execute(
        sql`update fichier set contenu = ${contenu}, mime_type = ${mimeType} where id = ${id}`,
      );
      return ctx.app.inject({ method: 'GET', url: `/api/fichier/${id}`, headers: bearer(token) });
    };
    const cas: [Buffer, string, string, string][] = [
      [Buffer.from('%PDF-1.7 x'), 'text/html', 'application/pdf', 'inline'],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]),
        'application/pdf',
        'image/png',
        'inline',
      ],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]), 'image/png', 'image/jpeg', 'inline'],
      // Stored before types were checked, or declared as a PDF: never served as what it claims.
      [
        Buffer.from('<html><script>alert(1)</script>'),
        'application/pdf',
        'application/octet-stream',
        'attachment',
      ],
      [
        Buffer.from('<svg onload="alert(1)"/>'),
        'image/svg+xml',
        'application/octet-stream',
        'attachment',
      ],
      [Buffer.from(''), 'application/pdf', 'application/octet-stream', 'attachment'],
    ];
    for (const [contenu, declare, attendu, disposition] of cas) {
      const res = await servir(contenu, declare);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(attendu);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^${disposition}; filename\\*=UTF-8''`),
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("serves an ODG's logo by its bytes too, with nosniff", async () => {
    const [o] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from organisme where logo_fichier_id is not null limit 1`,
    );
    if (!o) throw new Error('aucun organisme avec logo dans les données de démonstration');
    const logo = await ctx.app.inject({ method: 'GET', url: `/api/organisme/${o.id}/logo` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    await ctx.database.db.execute(
      sql`update fichier set contenu = ${Buffer.from('<svg onload="alert(1)"/>')}
          where id = (select logo_fichier_id from organisme where id = ${o.id})`,
    );
    const piege = await ctx.app.inject({ method: 'GET', url: `/api/organisme/${o.id}/logo` });
    expect(piege.headers['content-type']).toBe('application/octet-stream');
    expect(piege.headers['content-disposition']).toMatch(/^attachment;/);
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
