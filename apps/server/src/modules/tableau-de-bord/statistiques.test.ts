import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TdbControleStatistiques, TdbManquementStatistiques } from '@estive/contracts';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirBureau } from '../../test/bureau.test-helpers';

/**
 * The charts' figures (issue 18 item 5): the same filters and perimeter as the tables, so a
 * chart never counts what the table does not list. PGlite and, with DATABASE_URL, PostgreSQL.
 */
let ctx: TestContext, animateur: string, controleur: string, droits: string[];
beforeAll(async () => {
  ({ ctx, animateur, controleur, droits } = await ouvrirBureau());
});
afterAll(() => ctx.close());

const get = (jeton: string, url: string, droit?: string) =>
  ctx.app.inject({ url, headers: bearer(jeton, droit) });
const total = async (url: string, droit?: string) =>
  (await get(animateur, url, droit)).json<{ totalElements: number }>().totalElements;

describe('dashboard charts', () => {
  it('results by month add up to the filtered controls of the perimeter', async () => {
    for (const [filtre, droit] of [
      ['', undefined],
      ['nature=EXTERNE', undefined],
      ['resultat=NON_CONFORME', undefined],
      ['', droits.at(1)],
    ] as const) {
      const res = await get(animateur, `/api/tdb/controle/statistiques?${filtre}`, droit);
      expect(res.statusCode).toBe(200);
      const { parMois } = res.json<TdbControleStatistiques>();
      const somme = parMois.reduce((s, m) => s + m.conformes + m.nonConformes + m.sansResultat, 0);
      expect(somme, filtre).toBe(await total(`/api/tdb/controle?${filtre}`, droit));
      expect(parMois.map((m) => m.mois)).toEqual([...parMois.map((m) => m.mois)].sort());
      if (filtre === 'resultat=NON_CONFORME')
        expect(parMois.every((m) => m.conformes === 0 && m.sansResultat === 0)).toBe(true);
    }
  });

  it('shortcomings by category and severity add up to the filtered shortcomings', async () => {
    for (const filtre of ['', 'etat=EN_COURS', 'enRetard=true']) {
      const res = await get(animateur, `/api/tdb/manquement/statistiques?${filtre}`);
      expect(res.statusCode).toBe(200);
      const { parCategorie } = res.json<TdbManquementStatistiques>();
      expect(
        parCategorie.reduce((s, c) => s + c.nombre, 0),
        filtre,
      ).toBe(await total(`/api/tdb/manquement?${filtre}`));
    }
    const tous = (
      await get(animateur, '/api/tdb/manquement/statistiques')
    ).json<TdbManquementStatistiques>();
    expect(tous.parCategorie.length).toBeGreaterThan(0);
  });

  it('refuses a controller and bad filters', async () => {
    expect((await get(controleur, '/api/tdb/controle/statistiques')).statusCode).toBe(403);
    expect((await get(controleur, '/api/tdb/manquement/statistiques')).statusCode).toBe(403);
    for (const url of [
      '/api/tdb/controle/statistiques?nature=AUTRE',
      '/api/tdb/controle/statistiques?dateFrom=hier',
      '/api/tdb/controle/statistiques?operateur=%00',
      '/api/tdb/manquement/statistiques?etat=OUVERT',
      '/api/tdb/manquement/statistiques?enRetard=oui',
    ])
      expect((await get(animateur, url)).statusCode, url).toBe(400);
  });
});
