import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personneMorale } from '../../db/schema';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';

/** Groups of operators of the directory: members, names unique per ODG, member search. */
let ctx: TestContext;
let animateur: string;
let controleur: string;
beforeAll(async () => {
  ctx = await createTestApp();
  animateur = (await login(ctx.app, 'animateur@estive.test')).accessToken;
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
});
afterAll(() => ctx.close());

const get = (url: string, jeton = animateur) => ctx.app.inject({ url, headers: bearer(jeton) });
const post = (url: string, payload: object, jeton = animateur) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(jeton), payload });

describe('groups', () => {
  it('CRUD with members, possible members, export; another ODG or a controller is refused', async () => {
    const g = await post('/api/groupe', { libelle: 'Groupe de test' });
    expect(g.statusCode).toBe(201);
    const gid = g.json<{ id: string }>().id;
    const possibles = (await get(`/api/groupe/${gid}/membre-possible?q=`)).json<{ id: string }[]>();
    expect(possibles.length).toBeGreaterThan(1);
    for (const p of possibles.slice(0, 2))
      expect((await post(`/api/groupe/${gid}/membre`, { personneMoraleId: p.id })).statusCode).toBe(
        204,
      );
    expect((await get(`/api/groupe/${gid}/membres`)).json<unknown[]>()).toHaveLength(2);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/groupe/${gid}/membre/${possibles[0]!.id}`,
      headers: bearer(animateur),
    });
    expect(del.statusCode).toBe(204);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/groupe/${gid}`,
      headers: bearer(animateur),
      payload: { libelle: 'Renommé' },
    });
    expect(put.statusCode).toBe(200);
    const filtre = (await get(`/api/personne-morale?groupe=${gid}`)).json<{
      totalElements: number;
    }>();
    expect(filtre.totalElements).toBe(1);
    const x = await get('/api/groupe/export');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('Groupe');
    // The export follows the list's libellé filter; a group without members still has its row.
    const vide = (await post('/api/groupe', { libelle: 'Zéphyr sans membre' })).json<{
      id: string;
    }>();
    const filtree = await get(`/api/groupe/export?libelle=${encodeURIComponent('zephyr')}`);
    const wf = new ExcelJS.Workbook();
    await wf.xlsx.load(filtree.rawPayload as unknown as ArrayBuffer);
    const groupes: unknown[] = [];
    wf.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) groupes.push(row.getCell(1).value);
    });
    expect(groupes).toEqual(['Zéphyr sans membre']);
    const renomme = await get('/api/groupe/export?libelle=renomme');
    const wr = new ExcelJS.Workbook();
    await wr.xlsx.load(renomme.rawPayload as unknown as ArrayBuffer);
    expect(wr.worksheets[0]!.actualRowCount).toBe(2);
    expect(wr.worksheets[0]!.getRow(2).getCell(1).value).toBe('Renommé');
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/groupe/${vide.id}`,
      headers: bearer(animateur),
    });
    expect((await get(`/api/groupe/${gid}`, controleur)).statusCode).toBe(403);
    const droits = (await get('/api/principal')).json<{ droits: { id: string }[] }>().droits;
    const ailleurs = await ctx.app.inject({
      url: `/api/groupe/${gid}/membres`,
      headers: bearer(animateur, droits[1]!.id),
    });
    expect(ailleurs.statusCode).toBe(404);
    const fin = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/groupe/${gid}`,
      headers: bearer(animateur),
    });
    expect(fin.statusCode).toBe(204);
  });
});

describe('groups: names and member search (issue 32)', () => {
  it('refuses a second group of one name in the ODG (accents, case and a double click aside)', async () => {
    const nom = `Affineurs ${String(Date.now())}`;
    // Two requests at once, as a double click sends them: one group, one field error.
    const [a, b] = await Promise.all([
      post('/api/groupe', { libelle: nom }),
      post('/api/groupe', { libelle: nom }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const refus = (a.statusCode === 400 ? a : b).json<{
      fieldErrors: { field: string; defaultMessage: string }[];
    }>();
    expect(refus.fieldErrors).toEqual([
      { field: 'libelle', defaultMessage: 'Un groupe de ce nom existe déjà' },
    ]);
    const majuscules = await post('/api/groupe', { libelle: ` ${nom.toUpperCase()} ` });
    expect(majuscules.statusCode).toBe(400);
    const liste = (await get(`/api/groupe?libelle=${encodeURIComponent(nom)}`)).json<{
      totalElements: number;
    }>();
    expect(liste.totalElements).toBe(1);
    // Renaming another group to that name is refused; keeping its own name is not.
    const autre = (await post('/api/groupe', { libelle: `${nom} bis` })).json<{ id: string }>();
    const put = (libelle: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/groupe/${autre.id}`,
        headers: bearer(animateur),
        payload: { libelle },
      });
    expect((await put(nom)).statusCode).toBe(400);
    expect((await put(`${nom} bis`)).statusCode).toBe(200);
    // Another ODG may use the name.
    const droits = (await get('/api/principal')).json<{ droits: { id: string }[] }>().droits;
    const ailleurs = await ctx.app.inject({
      method: 'POST',
      url: '/api/groupe',
      headers: bearer(animateur, droits[1]!.id),
      payload: { libelle: nom },
    });
    expect(ailleurs.statusCode).toBe(201);
  });

  it('finds possible members by SIRET (with or without spaces), EDE and PACAGE', async () => {
    const g = (await post('/api/groupe', { libelle: `Recherche ${String(Date.now())}` })).json<{
      id: string;
    }>();
    const possibles = (await get(`/api/groupe/${g.id}/membre-possible?q=`)).json<
      { id: string; siret: string }[]
    >();
    const cible = possibles[0]!;
    await ctx.database.db
      .update(personneMorale)
      .set({ ede: '15 014 001', pacage: '015123456' })
      .where(eq(personneMorale.id, Number(cible.id)));
    const chercher = async (q: string) =>
      (await get(`/api/groupe/${g.id}/membre-possible?q=${encodeURIComponent(q)}`))
        .json<{ id: string }[]>()
        .map((o) => o.id);
    expect(await chercher('15014001')).toContain(cible.id);
    expect(await chercher('015123456')).toContain(cible.id);
    const s = cible.siret.replace(/\s/g, '');
    expect(await chercher(`${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)}`)).toContain(
      cible.id,
    );
    expect(await chercher('999999999999')).toEqual([]);
  });
});
