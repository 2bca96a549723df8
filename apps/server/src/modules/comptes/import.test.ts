import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, ligne } from '../../db/lignes';
import { createTestApp, login, type TestContext } from '../../test/test-app';
import { serveurSmtp } from '../mail/smtp.test-helpers';
import { entetes, importer, odg } from './comptes.test-helpers';
import { archiveZip, classeurDeComptes, classeurDimensionGeante } from './import.test-helpers';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof serveurSmtp>>;
let cnaol: Record<string, string>;
let comte: Awaited<ReturnType<typeof odg>>;

beforeAll(async () => {
  smtp = await serveurSmtp();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  comte = await odg(ctx, 'comte');
  cnaol = await entetes(ctx, 'cnaol@estive.test', comte.id);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await smtp.fermer();
});

const comptes = async () =>
  (
    await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from utilisateur`,
      z.object({ n: colonne.entier }),
    )
  ).n;

type Rapport = {
  lignes: number;
  crees: number;
  erreurs: { ligne: number; champ: string | null; message: string }[];
  comptes: { ligne: number; mail: string; nom: string; prenom: string; odgs: string[] }[];
};

describe('mass account creation from a file', () => {
  it('the dry run lists every error by line and writes nothing; the real run is all or nothing', async () => {
    const csv = [
      'Mail;Nom;Prénom;Rôle;ODG;Mot de passe',
      `anne.vial@comte.test;Vial;Anne;CONTROLEUR;${comte.siret ?? ''};`,
      `"bruno.roy@comte.test";"Roy; dit « Bruno »";Bruno;animateur;${comte.raisonSociale};`,
      'pas-un-mail;Sans;Mail;CONTROLEUR;ODG inexistant;',
      ';;;INSPECTEUR;;',
      `chloe.gay@comte.test;Gay;Chloé;ROLE_CONTROLEUR;${comte.siret ?? ''};Fromage-Comté-2026!`,
      `ANNE.VIAL@comte.test;Vial;Anne;CONTROLEUR;${comte.siret ?? ''};`,
      `controleur@estive.test;Déjà;Là;CONTROLEUR;${comte.siret ?? ''};faible`,
    ].join('\r\n');
    const avant = await comptes();
    const simulation = await importer(ctx.app, cnaol, csv, true);
    expect(simulation.statusCode, simulation.body).toBe(200);
    const r = simulation.json<Rapport>();
    expect(r.lignes).toBe(7);
    expect(r.crees).toBe(0);
    expect(r.comptes.map((c) => c.ligne)).toEqual([2, 3, 6]);
    expect(r.comptes[1]).toMatchObject({
      mail: 'bruno.roy@comte.test',
      odgs: [comte.raisonSociale],
    });
    const parLigne = (n: number) =>
      r.erreurs.filter((e) => e.ligne === n).map((e) => `${e.champ ?? ''}: ${e.message}`);
    expect(parLigne(4)).toEqual([
      'odg: ODG inconnu « ODG inexistant »',
      'mail: Utilisez un email valide',
    ]);
    expect(parLigne(5)).toEqual([
      'role: Rôle inconnu « INSPECTEUR » (CNAOL, ANIMATEUR ou CONTROLEUR)',
      'mail: Utilisez un email valide',
      'nom: Ce champ est obligatoire',
      'prenom: Ce champ est obligatoire',
      'odg: Ce champ est obligatoire',
    ]);
    expect(parLigne(7)).toEqual(['mail: Email déjà présent ligne 2']);
    expect(parLigne(8)).toEqual([
      expect.stringMatching(/^motDePasse: Le mot de passe doit comporter au moins 12 caractères/),
      'mail: Un compte existe déjà avec cet email',
    ]);
    expect(await comptes()).toBe(avant);

    const refuse = await importer(ctx.app, cnaol, csv, false);
    expect(refuse.json<Rapport>()).toMatchObject({ crees: 0 });
    expect(await comptes()).toBe(avant);

    const propre = csv
      .split('\r\n')
      .filter((_, i) => [0, 1, 2, 5].includes(i))
      .join('\n');
    const envoyes = smtp.recus.length;
    const cree = await importer(ctx.app, cnaol, propre, false);
    expect(cree.json<Rapport>()).toMatchObject({ crees: 3, erreurs: [] });
    expect(await comptes()).toBe(avant + 3);
    expect(
      smtp.recus
        .slice(envoyes)
        .map((m) => m.a[0])
        .sort(),
    ).toEqual(['anne.vial@comte.test', 'bruno.roy@comte.test', 'chloe.gay@comte.test']);
    // The password the file gave is the temporary one.
    expect(
      (await login(ctx.app, 'chloe.gay@comte.test', 'Fromage-Comté-2026!')).res.statusCode,
    ).toBe(200);
    // The same file again: every line now names an existing account.
    const encore = (await importer(ctx.app, cnaol, propre, true)).json<Rapport>();
    expect(encore.erreurs.map((e) => e.ligne)).toEqual([2, 3, 4]);
  });

  it('reads an XLSX workbook the same way', async () => {
    const classeur = new ExcelJS.Workbook();
    const feuille = classeur.addWorksheet('Comptes');
    feuille.addRow(['mail', 'nom', 'prenom', 'role', 'odg']);
    feuille.addRow(['denis.xl@comte.test', 'Xl', 'Denis', 'CONTROLEUR', comte.siret]);
    feuille.addRow(['mauvais', 'Xl', 'Eve', 'CONTROLEUR', comte.siret]);
    const contenu = Buffer.from(await classeur.xlsx.writeBuffer());
    const r = (await importer(ctx.app, cnaol, contenu, true)).json<Rapport>();
    expect(r.comptes.map((c) => c.mail)).toEqual(['denis.xl@comte.test']);
    expect(r.erreurs).toEqual([{ ligne: 3, champ: 'mail', message: 'Utilisez un email valide' }]);
  });

  it('refuses what is not a usable file, with the reason', async () => {
    const cas: [string | Buffer, number, RegExp][] = [
      ['nom;prenom\nA;B', 400, /Colonnes manquantes/],
      [Buffer.from([0x00, 0x01, 0x02, 0xff]), 400, /CSV ou un classeur XLSX/],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]), 400, /endommagé/],
      ['', 400, /Aucun fichier/],
      [Buffer.alloc(5_000_001, 0x61), 413, /Le fichier est trop gros \(max 5Mo\)/],
    ];
    for (const [contenu, statut, message] of cas) {
      const res = await importer(ctx.app, cnaol, contenu, true);
      expect(res.statusCode, res.body).toBe(statut);
      expect(res.body).toMatch(message);
    }
    const trop = [
      'mail;nom;prenom;role;odg',
      ...Array.from({ length: 501 }, (_, i) => `m${String(i)}@x.test;N;P;CONTROLEUR;x`),
    ].join('\n');
    expect((await importer(ctx.app, cnaol, trop, true)).body).toMatch(/500 au plus/);
  });

  it('an ANIMATEUR imports only for its ODG; a controller not at all', async () => {
    const animateur = await entetes(ctx, 'animateur@estive.test', comte.id);
    const auvergne = await odg(ctx, 'auvergne');
    const csv = `mail;nom;prenom;role;odg\nf@x.test;F;F;CNAOL;${comte.siret ?? ''}\ng@x.test;G;G;CONTROLEUR;${auvergne.raisonSociale}`;
    const r = (await importer(ctx.app, animateur, csv, true)).json<Rapport>();
    expect(r.erreurs.map((e) => [e.ligne, e.message])).toEqual([
      [2, 'Seul le CNAOL peut créer un compte CNAOL'],
      [3, 'Vous ne pouvez donner des droits que sur votre ODG'],
    ]);
    const controleur = await entetes(ctx, 'controleur@estive.test', comte.id);
    expect((await importer(ctx.app, controleur, csv, true)).statusCode).toBe(403);
  });

  it('refuses at once the workbooks that stalled the server (issue 28 item 4)', async () => {
    const dimension = await importer(ctx.app, cnaol, classeurDimensionGeante(), true);
    expect(dimension.statusCode, dimension.body).toBe(400);
    expect(dimension.body).toMatch(/au-delà de la ligne 1000 : 500 comptes au plus par import/);
    const lignes = await importer(ctx.app, cnaol, await classeurDeComptes(150_000), true);
    expect(lignes.statusCode, lignes.body).toBe(400);
    expect(lignes.body).toMatch(/plus de 500 comptes : 500 au plus par import/);
    // 500 lines is the limit, not over it.
    const cinqCents = await importer(ctx.app, cnaol, await classeurDeComptes(500), true);
    expect(cinqCents.json<Rapport>().lignes).toBe(500);
    // A 5 MB zip can hold gigabytes: the sheet is read up to 20 MB, then refused.
    const entete = ['mail', 'nom', 'prenom', 'role', 'odg']
      .map((t, i) => `<c r="${'ABCDE'.charAt(i)}1" t="inlineStr"><is><t>${t}</t></is></c>`)
      .join('');
    const bombe = archiveZip({
      'xl/worksheets/sheet1.xml': `<worksheet><sheetData><row r="1">${entete}</row>${'<row r="2"/>'.repeat(2_000_000)}</sheetData></worksheet>`,
    });
    const trop = await importer(ctx.app, cnaol, bombe, true);
    expect(trop.statusCode, trop.body).toBe(400);
    expect(trop.body).toMatch(/trop volumineux une fois décompressé/);
  }, 120_000);

  it('reads the CSV Excel writes in French (Windows-1252) and UTF-8 with a BOM', async () => {
    const texte = [
      'Mail;Nom;Prénom;Rôle;ODG',
      `helene.lefevre@comte.test;Lefèvre d’Arc;Hélène;CONTROLEUR;${comte.siret ?? ''}`,
      `zoe.boeuf@comte.test;Bœuf;Zoé;CONTROLEUR;${comte.siret ?? ''}`,
    ].join('\r\n');
    // Windows-1252: Latin-1 but for 0x80–0x9F (’ is 0x92, œ 0x9C).
    const cp1252 = Buffer.from(texte.replaceAll('’', '\x92').replaceAll('œ', '\x9c'), 'latin1');
    const avecBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(texte)]);
    for (const contenu of [cp1252, avecBom]) {
      const res = await importer(ctx.app, cnaol, contenu, true);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json<Rapport>();
      expect(r.erreurs).toEqual([]);
      expect(r.comptes.map((c) => `${c.prenom} ${c.nom}`)).toEqual([
        'Hélène Lefèvre d’Arc',
        'Zoé Bœuf',
      ]);
    }
  });
});
