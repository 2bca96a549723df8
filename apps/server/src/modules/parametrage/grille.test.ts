import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { GrilleParametrage } from '@estive/contracts';
import { premier } from '../../test/test-app';
import { toutTirer } from '../synchro/synchro.test-helpers';
import {
  animateur,
  appel,
  cnaol,
  controleur,
  ctx,
  droitCnaolComte,
  droitComte,
  suiteParametrage,
} from './parametrage.test-helpers';

suiteParametrage();

describe('control points and categories (national: CNAOL)', () => {
  it('CNAOL adds a category and a point, orders them; an animator may not', async () => {
    const cat = await appel('POST', '/api/categorie', cnaol, droitCnaolComte, {
      libelle: 'Bien-être animal',
    });
    expect(cat.statusCode).toBe(200);
    const categorieId = cat.json<{ id: string }>().id;
    const point = await appel('POST', '/api/point-controle', cnaol, droitCnaolComte, {
      code: 'BEA-01',
      libelle: 'Accès des vaches au pâturage',
      reference: 'Cahier des charges, article 5',
      source: 'NUMERIQUE',
      categorieId,
    });
    expect(point.statusCode, point.body).toBe(200);
    const doublon = await appel('POST', '/api/point-controle', cnaol, droitCnaolComte, {
      code: 'bea-01',
      libelle: 'Doublon',
      source: 'CONSTAT',
      categorieId,
    });
    expect(doublon.statusCode).toBe(400);
    expect(
      (await appel('POST', '/api/categorie', animateur, droitComte, { libelle: 'Non' })).statusCode,
    ).toBe(403);
    expect(
      (
        await appel(
          'PATCH',
          `/api/point-controle/${point.json<{ id: string }>().id}`,
          animateur,
          droitComte,
          { archive: true },
        )
      ).statusCode,
    ).toBe(403);

    const grille = (
      await appel('GET', '/api/point-controle', cnaol, droitCnaolComte)
    ).json<GrilleParametrage>();
    const ids = grille.categories.map((c) => c.id).reverse();
    const ordre = await appel('PUT', '/api/categorie/ordre', cnaol, droitCnaolComte, { ids });
    expect(ordre.json()).toEqual({ modifies: ids.length });
    const apres = (await appel('GET', '/api/categorie', cnaol, droitCnaolComte)).json<
      { id: string }[]
    >();
    expect(apres.map((c) => c.id)).toEqual(ids);

    // Unused: it can be deleted; the category, then empty, too.
    const pointId = point.json<{ id: string }>().id;
    expect(
      (await appel('DELETE', `/api/categorie/${categorieId}`, cnaol, droitCnaolComte)).statusCode,
    ).toBe(409);
    expect(
      (await appel('DELETE', `/api/point-controle/${pointId}`, cnaol, droitCnaolComte)).statusCode,
    ).toBe(204);
    expect(
      (await appel('DELETE', `/api/categorie/${categorieId}`, cnaol, droitCnaolComte)).statusCode,
    ).toBe(204);
  });

  it('a used point cannot be deleted; switching it off for a label tombstones it on devices', async () => {
    const grille = (
      await appel('GET', '/api/point-controle', animateur, droitComte)
    ).json<GrilleParametrage>();
    const p = premier(grille.points.filter((x) => x.utilise && x.aops.some((a) => a.actif)));
    expect(
      (await appel('DELETE', `/api/point-controle/${p.id}`, cnaol, droitCnaolComte)).statusCode,
    ).toBe(409);
    const a = premier(p.aops.filter((x) => x.actif));
    const avant = await toutTirer(ctx.app, controleur, 'point-controle-aop');
    const off = await appel(
      'PUT',
      `/api/point-controle/${p.id}/aop/${a.aopIgpId}`,
      animateur,
      droitComte,
      {
        ...a,
        actif: false,
      },
    );
    expect(off.statusCode, off.body).toBe(200);
    const apres = await toutTirer(ctx.app, controleur, 'point-controle-aop', avant.checkpoint);
    expect(apres.documents.filter((d) => d._deleted).length).toBeGreaterThan(0);
    const relu = (
      await appel('GET', '/api/point-controle', animateur, droitComte)
    ).json<GrilleParametrage>();
    expect(
      relu.points.find((x) => x.id === p.id)?.aops.find((x) => x.aopIgpId === a.aopIgpId),
    ).toMatchObject({
      actif: false,
      seuil: a.seuil,
    });
  });
});

describe('grid export (XLSX)', () => {
  it("a point linked to none of the ODG's labels is neither active nor inactive there", async () => {
    const cat = await appel('POST', '/api/categorie', cnaol, droitCnaolComte, {
      libelle: 'Export sans lien',
    });
    const point = await appel('POST', '/api/point-controle', cnaol, droitCnaolComte, {
      code: 'EXP-01',
      libelle: 'Point sans label',
      source: 'CONSTAT',
      categorieId: cat.json<{ id: string }>().id,
    });
    expect(point.statusCode, point.body).toBe(200);
    const res = await appel('GET', '/api/point-controle/export', animateur, droitComte);
    expect(res.statusCode).toBe(200);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.read(Readable.from(res.rawPayload));
    const feuille = premier(classeur.worksheets);
    const titres = feuille.getRow(1).values;
    expect(Array.isArray(titres) && titres.indexOf('Actif')).toBe(7);
    const lignes = feuille.getRows(2, feuille.rowCount - 1) ?? [];
    const ligne = lignes.find((l) => l.getCell(2).value === 'EXP-01');
    expect(ligne?.getCell(6).value ?? null).toBeNull();
    expect(ligne?.getCell(7).value ?? null).toBeNull();
    // A linked point still says so.
    expect(lignes.some((l) => l.getCell(7).value === 'Oui')).toBe(true);
  });
});
