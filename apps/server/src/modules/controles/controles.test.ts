import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreationInopineRequest } from '@estive/contracts';
import { controle } from '../../db/schema';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirConnecte } from '../../test/bureau.test-helpers';
import { operateurHabilite } from '../synchro/fixtures.test-helpers';

let ctx: TestContext, token: string;
beforeAll(async () => {
  ({ ctx, token } = await ouvrirConnecte());
});
afterAll(() => ctx.close());

const creer = (payload: CreationInopineRequest, jeton = token) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/controle/inopine',
    headers: bearer(jeton),
    payload,
  });

async function demande(date = '2026-11-24T08:00:00+01:00'): Promise<CreationInopineRequest> {
  const o = await operateurHabilite(ctx.database.db, 1);
  return {
    personneMoraleId: o.personneMoraleId,
    date,
    controles: [
      {
        aopIgpId: o.aopIgpId,
        siteIds: [o.siteId],
        niveau: 'INIT_CIBLE_INO',
        activiteAopIgpIds: [o.activiteAopIgpId],
        fichierIds: [],
        clientUuid: randomUUID(),
      },
    ],
  };
}

describe('POST /api/controle/inopine', () => {
  it('creates one EN_COURS INIT_CIBLE_INO control per label, once per clientUuid', async () => {
    const corps = await demande();
    const res = await creer(corps);
    expect(res.statusCode).toBe(201);
    const { ids, versions } = res.json<{ ids: string[]; versions: number[] }>();
    expect(ids).toHaveLength(1);
    expect(versions).toEqual([1]);
    const [ligne] = await ctx.database.db
      .select()
      .from(controle)
      .where(eq(controle.id, Number(ids[0])));
    expect(ligne).toMatchObject({
      statut: 'EN_COURS',
      niveau: 'INIT_CIBLE_INO',
      etapeSaisie: 1,
      personneMoraleId: Number(corps.personneMoraleId),
    });
    // A retried request is harmless.
    const encore = await creer(corps);
    expect(encore.json<{ ids: string[] }>().ids).toEqual(ids);
  });

  it('answers the spec field errors at once', async () => {
    const corps = await demande('2026-11-29T09:00:00+01:00');
    const c = corps.controles[0]!;
    const res = await creer({
      ...corps,
      controles: [
        {
          ...c,
          siteIds: [],
          niveau: 'SUP_TERRAIN',
          activiteAopIgpIds: [],
          fichierIds: ['999999'],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    const champs = res.json<{ fieldErrors: { field: string; defaultMessage: string }[] }>()
      .fieldErrors;
    expect(champs).toEqual(
      expect.arrayContaining([
        {
          field: `date[${corps.personneMoraleId}]`,
          defaultMessage: 'Contrôle impossible le dimanche',
        },
        { field: 'controles[0].siteId', defaultMessage: 'Ce champ est obligatoire' },
        { field: 'controles[0].niveau', defaultMessage: expect.any(String) as string },
        { field: 'controles[0].activiteAopIgpIds', defaultMessage: 'Ce champ est obligatoire' },
        { field: 'controles[0].documents', defaultMessage: expect.any(String) as string },
      ]),
    );
  });

  it('refuses a label the operator is not habilitated for in the perimeter', async () => {
    const corps = await demande();
    const res = await creer({
      ...corps,
      controles: [{ ...corps.controles[0], aopIgpId: '999999' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: { field: string }[] }>().fieldErrors).toEqual([
      {
        field: 'controles[0].aopIgpId',
        defaultMessage: "L'opérateur n'est pas habilité pour cette AOP-IGP",
      },
    ]);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/controle/inopine',
      payload: await demande(),
    });
    expect(res.statusCode).toBe(401);
  });
});
