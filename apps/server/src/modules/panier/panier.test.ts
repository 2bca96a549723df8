import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperateurPage } from '@estive/contracts';
import { z } from 'zod';
import { colonne, premiereLigne } from '../../db/lignes';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let animateur: string;
let controleur: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ accessToken: animateur } = await login(ctx.app, 'animateur@estive.test'));
  ({ accessToken: controleur } = await login(ctx.app, 'controleur@estive.test'));
});
afterAll(() => ctx.close());

const appel = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });

describe('GET /api/panier', () => {
  it("lists the basket of the animator's active perimeter", async () => {
    const res = await appel('GET', '/api/panier?size=50', animateur);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ totalElements: number; content: { siret: string }[] }>();
    expect(body.totalElements).toBe(6);
    expect(body.content).toHaveLength(6);
    const taille = await appel('GET', '/api/panier/taille', animateur);
    expect(taille.json()).toEqual({ taille: 6 });
  });

  it('is refused to a controller', async () => {
    for (const [m, url] of [
      ['GET', '/api/panier'],
      ['GET', '/api/panier/taille'],
      ['POST', '/api/panier'],
      ['DELETE', '/api/panier/1'],
    ] as const) {
      const res = await appel(
        m,
        url,
        controleur,
        m === 'POST' ? { personneMoraleIds: ['1'] } : undefined,
      );
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('validates paging', async () => {
    expect((await appel('GET', '/api/panier?size=5000', animateur)).statusCode).toBe(400);
  });
});

describe('POST and DELETE /api/panier', () => {
  it('adds operators found by the search (excluding the basket), then removes one', async () => {
    const dans = await appel('GET', '/api/panier?size=50', animateur);
    const exclus = dans
      .json<{ content: { personneMoraleId: string }[] }>()
      .content.map((r) => r.personneMoraleId);
    const trouves = (
      await appel('GET', `/api/panier/recherche?size=3&exclus=${exclus.join(',')}`, animateur)
    ).json<OperateurPage>();
    const ids = trouves.content.map((o) => o.id);
    expect(ids).toHaveLength(3);
    expect(ids.some((id) => exclus.includes(id))).toBe(false);

    const ajout = await appel('POST', '/api/panier', animateur, { personneMoraleIds: ids });
    expect(ajout.statusCode, ajout.body).toBe(200);
    expect(ajout.json()).toEqual({ ajoutes: 3 });
    // Adding them again changes nothing.
    expect(
      (await appel('POST', '/api/panier', animateur, { personneMoraleIds: ids })).json(),
    ).toEqual({ ajoutes: 0 });
    expect((await appel('GET', '/api/panier/taille', animateur)).json()).toEqual({ taille: 9 });

    const suppression = await appel('DELETE', `/api/panier/${ids[0] ?? ''}`, animateur);
    expect(suppression.statusCode).toBe(204);
    expect((await appel('DELETE', `/api/panier/${ids[0] ?? ''}`, animateur)).statusCode).toBe(404);
    expect((await appel('GET', '/api/panier/taille', animateur)).json()).toEqual({ taille: 8 });
  });

  it('refuses an operator outside the perimeter, naming the field', async () => {
    const dehors = await premiereLigne(
      ctx.database.db,
      sql`SELECT pm.id::text AS id FROM personne_morale pm WHERE NOT EXISTS (SELECT 1 FROM habilitation h JOIN aop_igp a ON a.id = h.aop_igp_id JOIN organisme o ON o.id = a.odg_id WHERE h.personne_morale_id = pm.id AND o.raison_sociale ILIKE '%comt%') LIMIT 1`,
      z.object({ id: colonne.texte }),
    );
    const res = await appel('POST', '/api/panier', animateur, { personneMoraleIds: [dehors?.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: { field: string }[] }>().fieldErrors[0]?.field).toBe(
      'personneMoraleIds',
    );
  });

  it('refuses malformed bodies', async () => {
    for (const payload of [
      {},
      { personneMoraleIds: [] },
      { personneMoraleIds: ['x'] },
      { personneMoraleIds: 'a' },
    ]) {
      expect((await appel('POST', '/api/panier', animateur, payload)).statusCode).toBe(400);
    }
  });
});
