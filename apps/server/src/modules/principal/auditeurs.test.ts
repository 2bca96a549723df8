import { auditeursSchema } from '@estive/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utilisateur } from '../../db/schema';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function session(account: string) {
  const { accessToken } = await login(ctx.app, account);
  const principal = (
    await ctx.app.inject({ method: 'GET', url: '/api/principal', headers: bearer(accessToken) })
  ).json<{ droits: { id: string; raisonSociale: string }[] }>();
  return { accessToken, droits: principal.droits };
}

const auditeurs = (accessToken: string, droit?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/principal/auditeurs',
    headers: bearer(accessToken, droit),
  });

const noms = (body: unknown) => auditeursSchema.parse(body).map((a) => `${a.prenom} ${a.nom}`);

describe('GET /api/principal/auditeurs', () => {
  it("lists the controllers of the controller's ODG, sorted by nom, with their employer", async () => {
    const { accessToken, droits } = await session('controleur@estive.test');
    const res = await auditeurs(accessToken);
    expect(res.statusCode).toBe(200);
    const liste = auditeursSchema.parse(res.json());
    expect(liste.map((a) => `${a.prenom} ${a.nom}`)).toEqual([
      'Marc Jeanningros',
      'Claire Vuillet',
    ]);
    expect(liste[0]).toEqual({
      id: expect.stringMatching(/^\d+$/) as string,
      nom: 'Jeanningros',
      prenom: 'Marc',
      mail: 'controleur2@estive.test',
      telephone: '0381000000',
      organisme: droits[0]!.raisonSociale,
    });
  });

  it("follows the active right: the animator sees each of his ODGs' controllers, not himself", async () => {
    const { accessToken, droits } = await session('animateur@estive.test');
    expect(noms((await auditeurs(accessToken, droits[0]!.id)).json())).toEqual([
      'Marc Jeanningros',
      'Claire Vuillet',
    ]);
    expect(noms((await auditeurs(accessToken, droits[1]!.id)).json())).toEqual([
      'Sandrine Chabrol',
    ]);
  });

  it('lets the CNAOL account read any perimeter', async () => {
    const animateur = await session('animateur@estive.test');
    const { accessToken } = await session('cnaol@estive.test');
    const res = await auditeurs(accessToken, animateur.droits[1]!.id);
    expect(res.statusCode).toBe(200);
    expect(noms(res.json())).toEqual(['Sandrine Chabrol']);
  });

  it("refuses a controller acting on someone else's right (403), and a caller without token (401)", async () => {
    const animateur = await session('animateur@estive.test');
    const { accessToken } = await session('controleur@estive.test');
    expect((await auditeurs(accessToken, animateur.droits[1]!.id)).statusCode).toBe(403);
    const anonyme = await ctx.app.inject({ method: 'GET', url: '/api/principal/auditeurs' });
    expect(anonyme.statusCode).toBe(401);
  });

  it('leaves out a deactivated account', async () => {
    const { accessToken } = await session('controleur@estive.test');
    await ctx.database.db
      .update(utilisateur)
      .set({ actif: false })
      .where(eq(utilisateur.login, 'controleur2@estive.test'));
    try {
      expect(noms((await auditeurs(accessToken)).json())).toEqual(['Claire Vuillet']);
    } finally {
      await ctx.database.db
        .update(utilisateur)
        .set({ actif: true })
        .where(eq(utilisateur.login, 'controleur2@estive.test'));
    }
  });
});
