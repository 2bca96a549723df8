import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tirerAuSort } from '@estive/domain';
import type { Pression, Tirage } from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne } from '../../db/lignes';
import { bearer, premier, type TestContext } from '../../test/test-app';
import { ouvrirPression } from './pression.test-helpers';

/** Pression de contrôle and its recorded draw. PGlite, and PostgreSQL with DATABASE_URL. */
let ctx: TestContext, animateur: string, controleur: string, droits: string[];
let pression: Pression;
beforeAll(async () => {
  ({ ctx, animateur, controleur, droits, pression } = await ouvrirPression());
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, jeton = animateur, droit?: string) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(jeton, droit), payload });

describe('GET /api/tdb/pression', () => {
  it('gives per label and activity the rate, habilitated, controlled, programmed and the gap', () => {
    expect(pression.campagneId).not.toBeNull();
    expect(pression.lignes.length).toBeGreaterThan(0);
    const avecTaux = pression.lignes.filter((l) => l.taux !== null && l.habilites > 0);
    expect(avecTaux.length).toBeGreaterThan(0);
    for (const l of avecTaux) {
      expect(l.objectif).toBe(Math.ceil((l.habilites * l.taux!) / 100));
      expect(l.ecart).toBe(l.objectif - l.controles - l.programmes);
    }
    expect(pression.lignes.some((l) => l.controles > 0)).toBe(true);
  });

  it('is refused to a controller, and a campaign of another perimeter is not found', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/tdb/pression', headers: bearer(controleur) })).statusCode,
    ).toBe(403);
    const ailleurs = await ctx.app.inject({
      url: `/api/tdb/pression?campagneId=${pression.campagneId}`,
      headers: bearer(animateur, droits.at(1)),
    });
    expect(ailleurs.statusCode).toBe(404);
  });
});

describe('preselection and draw', () => {
  it('preselects open shortcomings first, then never controlled, then longest since', async () => {
    const aopIgpId = premier(pression.lignes).aopIgpId;
    const res = await ctx.app.inject({
      url: `/api/tdb/pression/preselection?campagneId=${pression.campagneId}&aopIgpId=${aopIgpId}&size=300`,
      headers: bearer(animateur),
    });
    expect(res.statusCode).toBe(200);
    const { content, totalCandidats } = res.json<{
      totalCandidats: number;
      content: { manquementsOuverts: number; dernierControle: string | null }[];
    }>();
    expect(totalCandidats).toBeGreaterThan(0);
    // Sort key: open shortcomings (more first), never controlled first, then oldest control.
    const cle = (c: (typeof content)[number]) =>
      `${String(999 - c.manquementsOuverts).padStart(3, '0')}|${c.dernierControle === null ? '0' : `1${c.dernierControle}`}`;
    const cles = content.map(cle);
    expect(cles).toEqual([...cles].sort());
    expect(content.some((c) => c.dernierControle === null)).toBe(true);
  });

  it('records the seed and list; the same seed gives the same operators; they go to the basket', async () => {
    const aopIgpId = premier(pression.lignes).aopIgpId;
    const demande = { campagneId: pression.campagneId!, aopIgpId, nombre: 5 };
    const reponse = await post('/api/tdb/pression/prepare-tirage', demande);
    expect(reponse.statusCode).toBe(201);
    const t1 = reponse.json<Tirage>();
    expect(t1.graine).toMatch(/^[0-9a-f]{16}$/);
    expect(t1.tires).toHaveLength(5);
    const t2 = (
      await post('/api/tdb/pression/prepare-tirage', { ...demande, graine: t1.graine })
    ).json<Tirage>();
    expect(t2.id).not.toBe(t1.id);
    expect(t2.tires.map((o) => o.id)).toEqual(t1.tires.map((o) => o.id));
    // An auditor re-runs it from what was recorded.
    const enr = await ligne(
      ctx.database.db,
      sql`select candidats, tires from tirage where id = ${Number(t1.id)}`,
      z.object({ candidats: z.array(colonne.entier), tires: z.array(colonne.entier) }),
    );
    expect(tirerAuSort(enr.candidats, t1.graine, 5)).toEqual(enr.tires);
    expect(enr.tires.map(String)).toEqual(t1.tires.map((o) => o.id));
    const relu = await ctx.app.inject({
      url: `/api/tdb/pression/tirage/${t1.id}`,
      headers: bearer(animateur),
    });
    expect(relu.json<Tirage>()).toEqual(t1);
    const ailleurs = await ctx.app.inject({
      url: `/api/tdb/pression/tirage/${t1.id}`,
      headers: bearer(animateur, droits.at(1)),
    });
    expect(ailleurs.statusCode).toBe(404);

    const ids = t1.tires.map((o) => o.id);
    const panier = await post('/api/tdb/pression/panier', { personneMoraleIds: ids });
    expect(panier.statusCode).toBe(200);
    const encore = await post('/api/tdb/pression/panier', { personneMoraleIds: ids });
    expect(encore.json()).toEqual({ ajoutes: 0 });
    const liste = await ctx.app.inject({
      url: '/api/panier?size=2000',
      headers: bearer(animateur),
    });
    const dans = liste
      .json<{ content: { personneMoraleId: string }[] }>()
      .content.map((p) => p.personneMoraleId);
    for (const id of ids) expect(dans).toContain(id);
  });

  it('refuses bad input and other perimeters', async () => {
    const aopIgpId = premier(pression.lignes).aopIgpId;
    for (const corps of [
      { campagneId: pression.campagneId, aopIgpId, nombre: 0 },
      { campagneId: pression.campagneId, aopIgpId, nombre: 5, graine: 'pas-hexa' },
      { campagneId: 'x', aopIgpId, nombre: 5 },
    ]) {
      expect((await post('/api/tdb/pression/prepare-tirage', corps)).statusCode).toBe(400);
    }
    const autre = await post(
      '/api/tdb/pression/prepare-tirage',
      { campagneId: pression.campagneId, aopIgpId, nombre: 5 },
      animateur,
      droits.at(1),
    );
    expect(autre.statusCode).toBe(400);
    expect(
      (
        await post(
          '/api/tdb/pression/prepare-tirage',
          { campagneId: pression.campagneId, aopIgpId, nombre: 5 },
          controleur,
        )
      ).statusCode,
    ).toBe(403);
  });
});
