import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pression, Tirage, TirageResume } from '@estive/contracts';
import { z } from 'zod';
import { colonne, premiereLigne } from '../../db/lignes';
import { bearer, premier, type TestContext } from '../../test/test-app';
import { ouvrirPression } from './pression.test-helpers';

/**
 * Pression de contrôle, the office's side: target rates set per campaign, the export, a draw that
 * picks the rest once the preselection is taken, and recorded draws checked again. PGlite, and
 * PostgreSQL with DATABASE_URL.
 */
let ctx: TestContext, animateur: string, controleur: string, droits: string[];
let pression: Pression;
beforeAll(async () => {
  ({ ctx, animateur, controleur, droits, pression } = await ouvrirPression());
});
afterAll(() => ctx.close());

const envoyer = (
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  jeton = animateur,
  droit?: string,
) => ctx.app.inject({ method, url, headers: bearer(jeton, droit), payload });
const get = (url: string, jeton = animateur, droit?: string) =>
  ctx.app.inject({ url, headers: bearer(jeton, droit) });

describe('PUT /api/tdb/pression/taux', () => {
  it('sets the rate of a label, then of one activity over it, then removes it', async () => {
    const ligne = premier(pression.lignes.filter((l) => l.habilites > 0));
    const cle = { campagneId: pression.campagneId!, aopIgpId: ligne.aopIgpId };
    const duLabel = await envoyer('PUT', '/api/tdb/pression/taux', { ...cle, taux: 40 });
    expect(duLabel.statusCode).toBe(200);
    const lignes = (p: Pression) => p.lignes.filter((l) => l.aopIgpId === ligne.aopIgpId);
    for (const l of lignes(duLabel.json<Pression>())) {
      expect(l.taux).toBe(40);
      expect(l.objectif).toBe(Math.ceil((l.habilites * 40) / 100));
    }
    // One activity's own rate wins over the label's; the others keep the label's.
    const activite = await envoyer('PUT', '/api/tdb/pression/taux', {
      ...cle,
      activiteId: ligne.activiteId,
      taux: 100,
    });
    const apres = lignes(activite.json<Pression>());
    expect(apres.find((l) => l.activiteId === ligne.activiteId)).toMatchObject({
      taux: 100,
      objectif: ligne.habilites,
    });
    for (const l of apres.filter((x) => x.activiteId !== ligne.activiteId)) expect(l.taux).toBe(40);
    // Setting it again replaces it (one rate per campaign, label and activity).
    await envoyer('PUT', '/api/tdb/pression/taux', {
      ...cle,
      activiteId: ligne.activiteId,
      taux: 10,
    });
    const relu = lignes((await get(`/api/tdb/pression?campagneId=${cle.campagneId}`)).json());
    expect(relu.find((l) => l.activiteId === ligne.activiteId)?.taux).toBe(10);
    await envoyer('PUT', '/api/tdb/pression/taux', {
      ...cle,
      activiteId: ligne.activiteId,
      taux: null,
    });
    const sans = await envoyer('PUT', '/api/tdb/pression/taux', { ...cle, taux: null });
    for (const l of lignes(sans.json<Pression>()))
      expect(l).toMatchObject({ taux: null, objectif: 0 });
    // Put back the demo's rate for the other tests.
    const initial = pression.lignes.find((l) => l.aopIgpId === ligne.aopIgpId)?.taux ?? null;
    await envoyer('PUT', '/api/tdb/pression/taux', { ...cle, taux: initial });
  });

  it('refuses a rate out of 0–100, another perimeter, an activity of another label, a controller', async () => {
    const ligne = premier(pression.lignes);
    const cle = { campagneId: pression.campagneId!, aopIgpId: ligne.aopIgpId };
    const trop = await envoyer('PUT', '/api/tdb/pression/taux', { ...cle, taux: 101 });
    expect(trop.statusCode).toBe(400);
    expect(trop.json<{ fieldErrors: { defaultMessage: string }[] }>().fieldErrors).toContainEqual(
      expect.objectContaining({
        defaultMessage: 'Ce champ doit contenir une valeur entre 0 et 100',
      }),
    );
    expect((await envoyer('PUT', '/api/tdb/pression/taux', { ...cle, taux: 2.5 })).statusCode).toBe(
      400,
    );
    const ailleurs = await envoyer(
      'PUT',
      '/api/tdb/pression/taux',
      { ...cle, taux: 10 },
      animateur,
      droits.at(1),
    );
    expect(ailleurs.statusCode).toBe(400);
    // An activity the label does not have.
    const etrangere = await premiereLigne(
      ctx.database.db,
      sql`select a.id::text as id from activite a where not exists (
            select 1 from activite_aop aa where aa.activite_id = a.id
               and aa.aop_igp_id = ${Number(ligne.aopIgpId)}) limit 1`,
      z.object({ id: colonne.texte }),
    );
    if (etrangere) {
      const mauvaise = await envoyer('PUT', '/api/tdb/pression/taux', {
        ...cle,
        activiteId: etrangere.id,
        taux: 10,
      });
      expect(mauvaise.statusCode).toBe(400);
    }
    expect(
      (await envoyer('PUT', '/api/tdb/pression/taux', { ...cle, taux: 10 }, controleur)).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/tdb/pression/export', () => {
  it('gives the campaign’s figures as a spreadsheet, refused to a controller', async () => {
    const res = await get(`/api/tdb/pression/export?campagneId=${pression.campagneId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/pression-de-controle-/);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const feuille = premier(classeur.worksheets);
    expect(feuille.getRow(1).getCell(1).value).toBe('AOP-IGP');
    expect(feuille.rowCount).toBe(pression.lignes.length + 1);
    const l = premier(pression.lignes);
    expect(feuille.getRow(2).getCell(1).value).toBe(l.aopIgp);
    expect(feuille.getRow(2).getCell(8).value).toBe(l.ecart);
    expect((await get('/api/tdb/pression/export', controleur)).statusCode).toBe(403);
  });
});

describe('a draw after the preselection, and recorded draws checked again', () => {
  it('draws the rest among the candidates the preselection left, records both, checks it', async () => {
    const aopIgpId = premier(pression.lignes).aopIgpId;
    const presel = (
      await get(
        `/api/tdb/pression/preselection?campagneId=${pression.campagneId}&aopIgpId=${aopIgpId}&size=3`,
      )
    ).json<{ totalCandidats: number; content: { id: string }[] }>();
    const gardes = presel.content.map((c) => c.id);
    expect(gardes).toHaveLength(3);
    const demande = {
      campagneId: pression.campagneId!,
      aopIgpId,
      nombre: 4,
      preselectionnes: gardes,
    };
    const t = (await envoyer('POST', '/api/tdb/pression/prepare-tirage', demande)).json<Tirage>();
    expect(t.preselectionnes.map((o) => o.id)).toEqual(gardes);
    expect(t.tires).toHaveLength(4);
    for (const o of t.tires) expect(gardes).not.toContain(o.id);
    expect(t.nbCandidats).toBe(presel.totalCandidats - 3);
    expect(t.verifie).toBe(true);
    // Re-run with the recorded seed and the same preselection: the same list.
    const encore = (
      await envoyer('POST', '/api/tdb/pression/prepare-tirage', { ...demande, graine: t.graine })
    ).json<Tirage>();
    expect(encore.tires.map((o) => o.id)).toEqual(t.tires.map((o) => o.id));

    const liste = await get(
      `/api/tdb/pression/tirage?campagneId=${pression.campagneId}&aopIgpId=${aopIgpId}`,
    );
    expect(liste.statusCode).toBe(200);
    const resumes = liste.json<TirageResume[]>();
    expect(resumes.find((r) => r.id === t.id)).toMatchObject({
      graine: t.graine,
      nbPreselectionnes: 3,
      nbTires: 4,
      verifie: true,
    });
    // A recorded list changed afterwards no longer checks.
    await ctx.database.db.execute(
      sql`update tirage set tires = (tires - 0) || '[0]'::jsonb where id = ${Number(t.id)}`,
    );
    expect((await get(`/api/tdb/pression/tirage/${t.id}`)).json<Tirage>().verifie).toBe(false);
    expect(
      (
        await get(
          `/api/tdb/pression/tirage?campagneId=${pression.campagneId}`,
          animateur,
          droits.at(1),
        )
      )
        .json<TirageResume[]>()
        .map((r) => r.id),
    ).not.toContain(t.id);
    expect(
      (await get(`/api/tdb/pression/tirage?campagneId=${pression.campagneId}`, controleur))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a preselection of operators who are not candidates', async () => {
    const aopIgpId = premier(pression.lignes).aopIgpId;
    const res = await envoyer('POST', '/api/tdb/pression/prepare-tirage', {
      campagneId: pression.campagneId,
      aopIgpId,
      nombre: 2,
      preselectionnes: ['999999999'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: { field: string }[] }>().fieldErrors).toContainEqual(
      expect.objectContaining({ field: 'preselectionnes' }),
    );
  });
});
