import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReserveNumerosResponse } from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne } from '../../db/lignes';
import { controle } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { nouveauControle } from './fixtures.test-helpers';
import { NUMEROS_LIBRES_MAX } from './numeros-rapport.repository';
import { pousser, toutTirer } from './synchro.test-helpers';
import { ctx, suiteDeuxControleurs, token, tokenAutre } from './deux-controleurs.test-helpers';

suiteDeuxControleurs();

const ligneNombre = z.object({ n: colonne.entier });

async function reserver(jeton: string, nombre: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/synchro/numeros-rapport',
    payload: { nombre },
    headers: bearer(jeton),
  });
  return { res, body: res.statusCode === 200 ? res.json<ReserveNumerosResponse>() : undefined };
}

async function nouveau(numeroRapport?: string) {
  const { niveau: _, ...entree } = await nouveauControle(ctx.database.db, {
    marque: 'numero',
    rang: 0,
    localId: 'local-500001',
    etapeSaisie: 4,
  });
  return {
    ...entree,
    statut: 'REALISE' as const,
    resultat: 'CONFORME' as const,
    ...(numeroRapport === undefined ? {} : { numeroRapport }),
  };
}

const numeroEnBase = async (clientUuid: string) =>
  (
    await ctx.database.db
      .select({ n: controle.numeroRapport })
      .from(controle)
      .where(eq(controle.clientUuid, clientUuid))
  ).map((r) => String(r.n));

describe('POST /api/synchro/numeros-rapport', () => {
  it('reserves distinct numbers for each call, never one a control already carries', async () => {
    const a = await reserver(token, 20);
    const b = await reserver(token, 20);
    expect(a.res.statusCode).toBe(200);
    expect(a.body?.odgId).toBe('1');
    expect(a.body?.numeros).toHaveLength(20);
    const tous = [...(a.body?.numeros ?? []), ...(b.body?.numeros ?? [])];
    expect(new Set(tous).size).toBe(40);
    const { n } = await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from controle
          where numero_rapport::text in (${sql.join(
            tous.map((t) => sql`${t}`),
            sql`, `,
          )})`,
      ligneNombre,
    );
    expect(n).toBe(0);
  });

  it(`never lets one user hold more than ${NUMEROS_LIBRES_MAX} unused numbers under an ODG`, async () => {
    for (let i = 0; i < NUMEROS_LIBRES_MAX / 20 + 2; i++) await reserver(tokenAutre, 20);
    const { n } = await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from numero_rapport_reserve r join utilisateur u
          on u.id = r.utilisateur_id where u.login = 'controleur2@estive.test'
          and r.controle_id is null`,
      ligneNombre,
    );
    expect(n).toBe(NUMEROS_LIBRES_MAX);
    expect((await reserver(tokenAutre, 5)).body?.numeros).toEqual([]);
  });

  it('refuses a bad count, and a caller without a token', async () => {
    for (const nombre of [0, 21, 'vingt', 1.5, null, 1e9])
      expect((await reserver(token, nombre)).res.statusCode).toBe(400);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/synchro/numeros-rapport',
      payload: { nombre: 1 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a control created offline keeps the report number its device gave it', () => {
  it('stores the reserved number, answers it, serves it in the feed, and DOUBLON keeps it', async () => {
    const numero = (await reserver(token, 1)).body?.numeros[0] ?? '';
    const entree = await nouveau(numero);
    const { body } = await pousser(ctx.app, token, { newControles: [entree] });
    expect(body?.resultats[0]).toMatchObject({ statut: 'ACCEPTE', numeroRapport: numero });
    expect(await numeroEnBase(entree.clientUuid)).toEqual([numero]);
    const { documents } = await toutTirer(ctx.app, token, 'controle', undefined, 10);
    const doc = documents.find((d) => d.clientUuid === entree.clientUuid);
    expect(doc?.numeroRapport).toBe(numero);
    expect(doc?.id).not.toBe(numero);
    const encore = await pousser(ctx.app, token, { newControles: [entree] });
    expect(encore.body?.resultats[0]).toMatchObject({ statut: 'DOUBLON', numeroRapport: numero });
  });

  it("refuses another user's number, a number already taken, or one never reserved: nothing stored", async () => {
    const autre = (await reserver(tokenAutre, 1)).body?.numeros[0];
    const [mien] = (await reserver(token, 1)).body?.numeros ?? [];
    // controleur2 may hold none left (the cap test above): the number of a used one is as foreign.
    const etranger = autre ?? '1';
    const premier = await nouveau(mien);
    await pousser(ctx.app, token, { newControles: [premier] });
    for (const [numero, message] of [
      [etranger, "Ce numéro de rapport n'a pas été réservé pour vous"],
      [mien, 'Ce numéro de rapport est déjà utilisé'],
      ['999999999999', "Ce numéro de rapport n'a pas été réservé pour vous"],
      ['0', 'numeroRapport : Numéro de rapport invalide'],
      ['12abc', 'numeroRapport : Numéro de rapport invalide'],
    ] as const) {
      const entree = await nouveau(numero);
      const { body } = await pousser(ctx.app, token, { newControles: [entree] });
      expect(body?.resultats[0]).toMatchObject({ statut: 'REJETE', message, id: null });
      expect(await numeroEnBase(entree.clientUuid)).toEqual([]);
    }
  });

  it('numbers a control sent without one from the same sequence, apart from reserved numbers', async () => {
    const reserves = (await reserver(token, 3)).body?.numeros ?? [];
    const entree = await nouveau();
    const { body } = await pousser(ctx.app, token, { newControles: [entree] });
    const numero = body?.resultats[0]?.numeroRapport ?? '';
    expect(numero).toMatch(/^\d+$/);
    expect(reserves).not.toContain(numero);
    expect(Number(numero)).toBeGreaterThan(Math.max(...reserves.map(Number)));
  });
});
