import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANQUEMENTS_MASQUES } from '@estive/contracts';
import type {
  ManquementDetail,
  SuiviOperateur,
  TdbControleLigne,
  TdbManquementLigne,
} from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne } from '../../db/lignes';
import { bearer, premier, type TestContext } from '../../test/test-app';
import { ouvrirBureau } from '../../test/bureau.test-helpers';

/**
 * The dashboards: CNAOL and ANIMATEUR only, on the active right's ODG only (Comté for the
 * animateur by default, Auvergne with its second right). Runs on PGlite and, with DATABASE_URL,
 * on PostgreSQL.
 */
let ctx: TestContext, animateur: string, controleur: string, cnaol: string, droits: string[];
let comte: number;
beforeAll(async () => {
  ({ ctx, animateur, controleur, cnaol, droits } = await ouvrirBureau());
  const o = await ligne(
    ctx.database.db,
    sql`select organisme_id::text as id from droit where id = ${Number(droits.at(0))}`,
    z.object({ id: colonne.texte }),
  );
  comte = Number(o.id);
});
afterAll(() => ctx.close());

type Page<T> = {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
};
const get = (jeton: string, url: string, droit?: string) =>
  ctx.app.inject({ url, headers: bearer(jeton, droit) });
/** The first line of a dashboard list the animateur reads (the test needs one). */
const premiereLigne = async <T>(url: string) =>
  premier((await get(animateur, url)).json<Page<T>>().content);
/** The office comments a shortcoming (and may move its state). */
const commenter = (id: string, payload: object, jeton = animateur, droit?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/tdb/manquement/${id}/commentaire`,
    headers: bearer(jeton, droit),
    payload,
  });
/** Writes the dashboards' settings (`PUT /api/tdb/parametrage-tdb`). */
const ecrireParametrage = (jeton: string, p: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/tdb/parametrage-tdb',
    headers: bearer(jeton),
    payload: p,
  });
/** A shortcoming's version, bumped by each write devices must pull. */
const versionManquement = async (id: string) =>
  (
    await ligne(
      ctx.database.db,
      sql`select version from manquement where id = ${Number(id)}`,
      z.object({ version: colonne.entier }),
    )
  ).version;

describe('GET /api/tdb/controle', () => {
  it('pages the controls of the perimeter only, Spring-like', async () => {
    const res = await get(animateur, '/api/tdb/controle?size=5&page=1');
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<TdbControleLigne>>();
    expect(page).toMatchObject({ number: 1, size: 5 });
    expect(page.content).toHaveLength(5);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 5));
    const { n } = await ligne(
      ctx.database.db,
      sql`select count(*)::int as n from controle where odg_id = ${comte} and deleted_at is null`,
      z.object({ n: colonne.entier }),
    );
    expect(page.totalElements).toBe(n);
    // Another right of the same user: another ODG, other controls.
    const auvergne = await get(animateur, '/api/tdb/controle?size=2000', droits.at(1));
    const ids = new Set(auvergne.json<Page<TdbControleLigne>>().content.map((c) => c.id));
    const comteIds = (await get(animateur, '/api/tdb/controle?size=2000')).json<
      Page<TdbControleLigne>
    >();
    expect(comteIds.content.some((c) => ids.has(c.id))).toBe(false);
  });

  it('filters by columns named as query parameters, sorts by a whitelisted column', async () => {
    const res = await get(
      animateur,
      '/api/tdb/controle?nature=EXTERNE&resultat=NON_CONFORME&size=2000&sort=raisonSociale,ASC',
    );
    const lignes = res.json<Page<TdbControleLigne>>().content;
    expect(lignes.length).toBeGreaterThan(0);
    for (const l of lignes) {
      expect(l.nature).toBe('EXTERNE');
      expect(l.resultat).toBe('NON_CONFORME');
      expect(l.nbManquement).toBeGreaterThan(0);
      expect(l.auditeur).not.toBeNull();
    }
    const noms = lignes.map((l) => l.raisonSociale);
    expect(noms).toEqual([...noms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const deux = await get(
      animateur,
      '/api/tdb/controle?statut=PROGRAMME&statut=REALISE&size=2000',
    );
    const statuts = new Set(deux.json<Page<TdbControleLigne>>().content.map((l) => l.statut));
    expect([...statuts].sort()).toEqual(['PROGRAMME', 'REALISE']);
  });

  it('filters on a period judged in Europe/Paris', async () => {
    const tous = (await get(animateur, '/api/tdb/controle?size=2000&sort=date,ASC')).json<
      Page<TdbControleLigne>
    >().content;
    const jour = new Date(premier(tous).date).toLocaleDateString('sv-SE', {
      timeZone: 'Europe/Paris',
    });
    const res = await get(animateur, `/api/tdb/controle?size=2000&dateFrom=${jour}&dateTo=${jour}`);
    const lignes = res.json<Page<TdbControleLigne>>().content;
    expect(lignes.length).toBe(
      tous.filter(
        (l) => new Date(l.date).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }) === jour,
      ).length,
    );
  });

  it('refuses a controller, and hostile or wrong input', async () => {
    expect((await get(controleur, '/api/tdb/controle')).statusCode).toBe(403);
    for (const q of [
      'nature=AUTRE',
      'size=5000',
      'page=-1',
      'dateFrom=2026-13-01',
      'sort=x;drop',
      'aopIgpId=abc',
    ]) {
      expect((await get(animateur, `/api/tdb/controle?${q}`)).statusCode, q).toBe(400);
    }
    for (const texte of ['a\u0000b', 'x'.repeat(101)]) {
      const res = await get(animateur, `/api/tdb/controle?operateur=${encodeURIComponent(texte)}`);
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 400 naming an unknown filter on every dashboard search, not the whole list (issue 32)', async () => {
    const campagne = (await get(animateur, '/api/tdb/pression')).json<{ campagneId: string }>()
      .campagneId;
    for (const url of [
      '/api/tdb/controle?natur=EXTERNE',
      '/api/tdb/controle/export?natur=EXTERNE',
      '/api/tdb/controle/statistiques?natur=EXTERNE',
      '/api/tdb/manquement?etats=LEVE',
      '/api/tdb/manquement/export?etats=LEVE',
      '/api/tdb/manquement/statistiques?etats=LEVE',
      '/api/tdb/pression?campagne=1',
      '/api/tdb/pression/export?campagne=1',
      `/api/tdb/pression/tirage?campagneId=${campagne}&aop=1`,
      `/api/tdb/pression/preselection?campagneId=${campagne}&aopIgpId=1&taille=5`,
      '/api/tdb/conflit?resolus=true',
    ]) {
      const res = await get(animateur, url);
      expect(res.statusCode, url).toBe(400);
      const corps = res.json<{ message: string; fieldErrors: { defaultMessage: string }[] }>();
      expect(corps.message, url).toBe('Veuillez vérifier votre saisie');
      const inconnu = new URL(url, 'http://x').searchParams;
      const nom = [...inconnu.keys()].find((k) => !['campagneId', 'aopIgpId'].includes(k)) ?? '';
      expect(corps.fieldErrors.map((f) => f.defaultMessage).join(' '), url).toContain(nom);
    }
    // The filters the screens send still pass.
    expect((await get(animateur, '/api/tdb/manquement?etat=LEVE&enRetard=true')).statusCode).toBe(
      200,
    );
  });

  it("finds a control by its operator's SIRET typed with or without spaces", async () => {
    const [ligne] = (await get(animateur, '/api/tdb/controle?size=1')).json<
      Page<TdbControleLigne>
    >().content;
    if (!ligne) throw new Error('aucun contrôle');
    const chiffres = ligne.siret.replace(/\s+/g, '');
    const espace = chiffres.replace(/^(\d{3})(\d{3})(\d{3})(\d+)$/, '$1 $2 $3 $4');
    for (const texte of [chiffres, espace, espace.slice(0, 7)]) {
      const page = (
        await get(animateur, `/api/tdb/controle?size=50&operateur=${encodeURIComponent(texte)}`)
      ).json<Page<TdbControleLigne>>();
      expect(
        page.content.map((c) => c.personneMoraleId),
        texte,
      ).toContain(ligne.personneMoraleId);
    }
  });

  it('exports the same filtered rows as XLSX', async () => {
    const page = (await get(animateur, '/api/tdb/controle?nature=EXTERNE&size=2000')).json<
      Page<TdbControleLigne>
    >();
    const res = await get(animateur, '/api/tdb/controle/export?nature=EXTERNE');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.read(Readable.from(res.rawPayload));
    const feuille = premier(classeur.worksheets);
    expect(feuille.getRow(1).getCell(2).value).toBe('Raison sociale');
    expect(feuille.rowCount).toBe(page.totalElements + 1);
    expect(feuille.getRow(2).getCell(6).value).toBe('Externe');
    expect((await get(controleur, '/api/tdb/controle/export')).statusCode).toBe(403);
  });
});

describe('manquements', () => {
  it('lists the shortcomings of the perimeter; overdue follow-ups are flagged', async () => {
    const res = await get(animateur, '/api/tdb/manquement?size=2000');
    expect(res.statusCode).toBe(200);
    const lignes = res.json<Page<TdbManquementLigne>>().content;
    expect(lignes.length).toBeGreaterThan(0);
    const retard = (await get(animateur, '/api/tdb/manquement?enRetard=true&size=2000')).json<
      Page<TdbManquementLigne>
    >().content;
    expect(retard.length).toBeGreaterThan(0);
    const aujourdhui = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    for (const m of retard) {
      expect(['EN_COURS', 'TRANSMIS_OC', 'EN_COURS_OC']).toContain(m.etat);
      expect(
        (m.dateSuiviCorrective ?? '9999') < aujourdhui ||
          (m.dateSuiviCorrectrice ?? '9999') < aujourdhui,
      ).toBe(true);
      expect(m.enRetard).toBe(true);
    }
    const exp = await get(animateur, '/api/tdb/manquement/export?enRetard=true');
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.read(Readable.from(exp.rawPayload));
    expect(premier(classeur.worksheets).rowCount).toBe(retard.length + 1);
  });

  it('moves a shortcoming to LEVE with a comment, journaled, version bumped for devices', async () => {
    const m = await premiereLigne<TdbManquementLigne>('/api/tdb/manquement?etat=EN_COURS&size=1');
    const avant = await versionManquement(m.id);
    const res = await commenter(m.id, { etat: 'LEVE', commentaire: 'Justificatif reçu le 12/11' });
    expect(res.statusCode).toBe(200);
    const d = res.json<ManquementDetail>();
    expect(d.etat).toBe('LEVE');
    expect(d.commentaire).toBe('Justificatif reçu le 12/11');
    expect(d.historique[0]).toMatchObject({
      etatAvant: 'EN_COURS',
      etat: 'LEVE',
      commentaire: 'Justificatif reçu le 12/11',
      origine: 'BUREAU',
      auteur: 'Julien Roussel',
    });
    const apres = await versionManquement(m.id);
    expect(apres).toBe(avant + 1);
    // Not in another perimeter, not for a controller, not with a wrong state.
    const ailleurs = await commenter(m.id, { etat: 'CLOS' }, animateur, droits.at(1));
    expect(ailleurs.statusCode).toBe(404);
    const ctrl = await commenter(m.id, { etat: 'CLOS' }, controleur);
    expect(ctrl.statusCode).toBe(403);
    const faux = await commenter(m.id, { etat: 'FERME', commentaire: 12 });
    expect(faux.statusCode).toBe(400);
  });

  it('shows a shortcoming with its control, its measures and previous occurrences', async () => {
    const m = await premiereLigne<TdbManquementLigne>('/api/tdb/manquement?nature=INTERNE&size=1');
    const res = await get(animateur, `/api/tdb/manquement/${m.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json<ManquementDetail>();
    expect(d.controle).not.toBeNull();
    expect(d.mesureCorrective).not.toBeNull();
    expect((await get(animateur, `/api/tdb/manquement/${m.id}`, droits.at(1))).statusCode).toBe(
      404,
    );
    expect((await get(animateur, '/api/tdb/manquement/999999999')).statusCode).toBe(404);
  });

  it('records a manual shortcoming, then counts it as a récidive on the same point', async () => {
    const m = await premiereLigne<TdbManquementLigne>('/api/tdb/manquement?size=1');
    const base = (await get(animateur, `/api/tdb/manquement/${m.id}`)).json<ManquementDetail>();
    const point = await ligne(
      ctx.database.db,
      sql`select point_controle_id::text as id from manquement where id = ${Number(m.id)}`,
      z.object({ id: colonne.texte }),
    );
    const manquement = {
      personneMoraleId: base.personneMoraleId,
      aopIgpId: base.aopIgpId,
      pointControleId: point.id,
      etat: 'EN_COURS',
      gravite: 'MAJEUR',
    };
    const creer = (payload: object, droit?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/tdb/manquement/manuelle',
        headers: bearer(animateur, droit),
        payload,
      });
    const res = await creer({
      ...manquement,
      commentaire: 'Constaté lors d’un appel téléphonique',
    });
    expect(res.statusCode).toBe(201);
    const cree = res.json<ManquementDetail>();
    expect(cree.recidive).toBe(true);
    expect(cree.precedents.map((p) => p.id)).toContain(m.id);
    expect(cree.historique[0]).toMatchObject({ origine: 'MANUEL', etat: 'EN_COURS' });
    // On the animateur's other ODG the same entry is refused, on its point.
    const ailleurs = await creer(manquement, droits.at(1));
    expect(ailleurs.statusCode).toBe(400);
    expect(
      ailleurs.json<{ fieldErrors: { field: string }[] }>().fieldErrors.map((f) => f.field),
    ).toContain('pointControleId');
  });
});

describe('GET /api/tdb/suivi/{id}', () => {
  it("gives an operator's controls and shortcomings, in the perimeter only", async () => {
    const c = await premiereLigne<TdbControleLigne>(
      '/api/tdb/controle?resultat=NON_CONFORME&size=1',
    );
    const res = await get(animateur, `/api/tdb/suivi/${c.personneMoraleId}`);
    expect(res.statusCode).toBe(200);
    const s = res.json<SuiviOperateur>();
    expect(s.operateur.id).toBe(c.personneMoraleId);
    expect(s.controles.map((x) => x.id)).toContain(c.id);
    expect(s.manquements.length).toBeGreaterThan(0);
    expect((await get(controleur, `/api/tdb/suivi/${c.personneMoraleId}`)).statusCode).toBe(403);
    expect((await get(animateur, '/api/tdb/suivi/999999999')).statusCode).toBe(404);
  });
});

describe('/api/tdb/parametrage-tdb', () => {
  it('keeps the user’s tabs and hidden columns server-side', async () => {
    const defaut = await get(cnaol, '/api/tdb/parametrage-tdb');
    expect(defaut.json()).toMatchObject({
      tdbControles: true,
      tdbManquements: true,
      // The widest columns of the Manquements tab start hidden (the table fits 1280 px).
      colonnesMasquees: { controles: [], manquements: [...MANQUEMENTS_MASQUES] },
    });
    const p = {
      tdbControles: true,
      tdbManquements: false,
      tdbSuiviOperateurs: true,
      colonnesMasquees: { controles: ['commentaireAudite'], manquements: [] },
    };
    const put = await ecrireParametrage(cnaol, p);
    expect(put.statusCode).toBe(200);
    expect((await get(cnaol, '/api/tdb/parametrage-tdb')).json()).toEqual(p);
    const principal = await get(cnaol, '/api/principal');
    expect(principal.json<{ parametrage: unknown }>().parametrage).toMatchObject({
      tdbManquements: false,
    });
    const refuse = await ecrireParametrage(controleur, p);
    expect(refuse.statusCode).toBe(403);
  });
});
