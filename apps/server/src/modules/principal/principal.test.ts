import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const principalOf = async (account: string, droit?: string) => {
  const { accessToken } = await login(ctx.app, account);
  return ctx.app.inject({
    method: 'GET',
    url: '/api/principal',
    headers: bearer(accessToken, droit),
  });
};

describe('GET /api/principal', () => {
  it('gives the CNAOL account its role and a right on every ODG', async () => {
    const res = await principalOf('cnaol@estive.test');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ roles: string[]; droits: unknown[]; nom: string }>();
    expect(body.roles).toEqual(['ROLE_CNAOL']);
    expect(body.droits).toHaveLength(6);
  });

  it('gives the animator two rights, one of type ODG_REFERENTE', async () => {
    const body = (await principalOf('animateur@estive.test')).json<{
      roles: string[];
      droits: { type: string }[];
    }>();
    expect(body.roles).toEqual(['ROLE_ANIMATEUR']);
    expect(body.droits.map((d) => d.type)).toEqual(['ODG', 'ODG_REFERENTE']);
  });

  it('gives the controller one ODG right holding a SIRET, and its profile', async () => {
    const body = (await principalOf('controleur@estive.test')).json<{
      roles: string[];
      droits: { type: string; siret: string | null; hasLogo: boolean }[];
      prenom: string;
      extranetEnabled: boolean;
    }>();
    expect(body.roles).toEqual(['ROLE_CONTROLEUR']);
    expect(body.droits).toHaveLength(1);
    expect(body.droits[0]).toMatchObject({ type: 'ODG', hasLogo: true });
    expect(body.droits[0]!.siret).toMatch(/^\d{14}$/);
    expect(body.prenom).toBe('Claire');
  });
});

describe('GET /api/principal/filters', () => {
  it("lists only the labels of the active right's ODG", async () => {
    const { accessToken } = await login(ctx.app, 'animateur@estive.test');
    const principal = (
      await ctx.app.inject({ method: 'GET', url: '/api/principal', headers: bearer(accessToken) })
    ).json<{ droits: { id: string }[] }>();
    const comte = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/principal/filters',
        headers: bearer(accessToken, principal.droits[0]!.id),
      })
    ).json<{ aopIgps: { libelle: string }[] }>();
    const auvergne = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/principal/filters',
        headers: bearer(accessToken, principal.droits[1]!.id),
      })
    ).json<{ aopIgps: { libelle: string }[] }>();
    expect(comte.aopIgps.map((a) => a.libelle)).toEqual(['Comté', 'Morbier']);
    expect(auvergne.aopIgps.map((a) => a.libelle)).toEqual(['Cantal', 'Saint-Nectaire']);
  });
});

describe('GET /api/organisme/:id/logo', () => {
  it('serves the ODG logo as a PNG, without authentication (an img tag sends no bearer)', async () => {
    const { accessToken } = await login(ctx.app, 'controleur@estive.test');
    const principal = (
      await ctx.app.inject({ method: 'GET', url: '/api/principal', headers: bearer(accessToken) })
    ).json<{ droits: { odgId: string }[] }>();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/organisme/${principal.droits[0]!.odgId}/logo`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});
