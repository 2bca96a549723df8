import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperateurPage } from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne, lignes } from '../../db/lignes';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let jeton: string;
/** An operator of the animator's active perimeter (Comté) and one outside it. */
const operateurDedans = z.object({
  id: colonne.entier,
  raison_sociale: colonne.texte,
  siret: colonne.texte,
  ville: colonne.texte,
});
const operateurDehors = z.object({ id: colonne.entier, siret: colonne.texte });
let dedans: z.output<typeof operateurDedans>;
let dehors: z.output<typeof operateurDehors>;

const perimetreComte = sql`EXISTS (SELECT 1 FROM habilitation h JOIN aop_igp a ON a.id = h.aop_igp_id JOIN organisme o ON o.id = a.odg_id WHERE h.personne_morale_id = pm.id AND o.raison_sociale ILIKE '%comt%')`;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ accessToken: jeton } = await login(ctx.app, 'animateur@estive.test'));
  const db = ctx.database.db;
  dedans = await ligne(
    db,
    sql`SELECT pm.id::int AS id, raison_sociale, siret, ville FROM personne_morale pm WHERE ${perimetreComte} AND ville ~ '[éèôîÉ]' ORDER BY id LIMIT 1`,
    operateurDedans,
  );
  dehors = await ligne(
    db,
    sql`SELECT pm.id::int AS id, siret FROM personne_morale pm WHERE NOT ${perimetreComte} ORDER BY id LIMIT 1`,
    operateurDehors,
  );
});
afterAll(() => ctx.close());

const chercher = async (query: string, token = jeton) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/panier/recherche?${query}`,
    headers: bearer(token),
  });
  return res;
};
const page = async (query: string) => {
  const res = await chercher(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OperateurPage>();
};

describe('GET /api/panier/recherche', () => {
  it('finds an operator by its town typed without accents, in upper case', async () => {
    const ville = dedans.ville
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    const body = await page(`ville=${encodeURIComponent(ville)}&size=2000`);
    expect(body.content.map((o) => o.id)).toContain(String(dedans.id));
    expect(body.content.every((o) => o.ville === dedans.ville)).toBe(true);
  });

  it('finds a SIRET typed with spaces, in the free search and the SIRET filter', async () => {
    const groupes = `${dedans.siret.slice(0, 3)} ${dedans.siret.slice(3, 6)} ${dedans.siret.slice(6, 9)} ${dedans.siret.slice(9)}`;
    for (const q of [`q=${encodeURIComponent(groupes)}`, `siret=${encodeURIComponent(groupes)}`]) {
      const body = await page(q);
      expect(body.totalElements).toBe(1);
      expect(body.content[0]?.id).toBe(String(dedans.id));
      expect(body.content[0]?.aops.length).toBeGreaterThan(0);
    }
  });

  it('finds a word by its start, in a hyphenated name too, never from its middle', async () => {
    const doubs = await page('q=doubs&size=50');
    expect(doubs.totalElements).toBeGreaterThan(0);
    expect(doubs.content.some((o) => o.raisonSociale.includes('Haut-Doubs'))).toBe(true);
    // Every operator found has a word starting with "doubs" (raison sociale, town, e-mail…).
    for (const o of doubs.content) {
      expect(`${o.raisonSociale} ${o.ville ?? ''} ${o.mail ?? ''}`.toLowerCase()).toMatch(
        /(^|[^a-z0-9])doubs/,
      );
    }
    expect((await page('q=oubs')).totalElements).toBe(0);
    // Two words narrow: both must start a word of the operator.
    const deux = await page('q=haut%20doubs&size=50');
    expect(deux.totalElements).toBeGreaterThan(0);
    expect(deux.totalElements).toBeLessThanOrEqual(doubs.totalElements);
  });

  it('never answers an operator outside the active perimeter', async () => {
    const body = await page(`siret=${dehors.siret}`);
    expect(body.totalElements).toBe(0);
    expect(body.content).toEqual([]);
  });

  it('leaves out the excluded ids and pages sorted by raison sociale', async () => {
    const tous = await page('size=20');
    expect(tous.totalElements).toBeGreaterThan(20);
    const noms = tous.content.map((o) => o.raisonSociale);
    expect(noms).toEqual([...noms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const premier = tous.content[0]?.id ?? '';
    const sans = await page(`size=20&exclus=${premier}`);
    expect(sans.totalElements).toBe(tous.totalElements - 1);
    expect(sans.content.map((o) => o.id)).not.toContain(premier);
    const loin = await page(`size=20&page=100000`);
    expect(loin.content).toEqual([]);
    expect(loin.totalElements).toBe(tous.totalElements);
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await page('q=%25')).totalElements).toBe(0);
    expect((await page('raisonSociale=_')).totalElements).toBe(0);
  });

  it('filters by label, and by habilitation status', async () => {
    const premier = (await page('size=1')).content[0];
    const aop = premier?.aops[0]?.id ?? '';
    const parAop = await page(`aops=${aop}&size=50`);
    expect(parAop.content.every((o) => o.aops.some((a) => a.id === aop))).toBe(true);
    const habilites = await page('isHabilite=true&size=50');
    expect(habilites.content.every((o) => o.isHabilite)).toBe(true);
    const non = await page('isHabilite=false&size=50');
    expect(non.content.every((o) => !o.isHabilite)).toBe(true);
  });

  it("shows each row's labels, activities and status from its habilitations on the perimeter's labels only", async () => {
    // The demo's operators hold labels of one ODG: one of them gets a validated habilitation on
    // another ODG's label, which must not show (neither its label, its activity, nor its status).
    await ctx.database.db.execute(
      sql`INSERT INTO habilitation (personne_morale_id, aop_igp_id, activite_id, statut)
          SELECT ${dedans.id}, a.id, (SELECT max(id) FROM activite), 'VALIDEE'
            FROM aop_igp a JOIN organisme o ON o.id = a.odg_id
           WHERE o.raison_sociale NOT ILIKE '%comt%' ORDER BY a.id LIMIT 1`,
    );
    // Operators also habilitated on another ODG's label come first.
    const attendus = await lignes(
      ctx.database.db,
      sql`SELECT h.personne_morale_id::text AS id, min(pm.siret) AS siret,
                 array_agg(DISTINCT a.id::text ORDER BY a.id::text) FILTER (WHERE o.raison_sociale ILIKE '%comt%') AS aops,
                 array_agg(DISTINCT h.activite_id::text ORDER BY h.activite_id::text) FILTER (WHERE o.raison_sociale ILIKE '%comt%') AS profils,
                 coalesce(bool_or(h.statut = 'VALIDEE') FILTER (WHERE o.raison_sociale ILIKE '%comt%'), false) AS habilite,
                 bool_or(o.raison_sociale NOT ILIKE '%comt%') AS ailleurs
            FROM habilitation h JOIN aop_igp a ON a.id = h.aop_igp_id JOIN organisme o ON o.id = a.odg_id
            JOIN personne_morale pm ON pm.id = h.personne_morale_id
           GROUP BY h.personne_morale_id
          HAVING bool_or(o.raison_sociale ILIKE '%comt%')
           ORDER BY bool_or(o.raison_sociale NOT ILIKE '%comt%') DESC, h.personne_morale_id
           LIMIT 5`,
      z.object({
        id: colonne.texte,
        siret: colonne.texte,
        aops: z.array(colonne.texte),
        profils: z.array(colonne.texte),
        habilite: colonne.booleen,
        ailleurs: colonne.booleen,
      }),
    );
    expect(attendus[0]?.ailleurs).toBe(true);
    const trie = (ids: string[]) => [...ids].sort();
    for (const attendu of attendus) {
      const body = await page(`siret=${attendu.siret}`);
      const ligne = body.content.find((o) => o.id === attendu.id);
      expect(ligne, attendu.id).toBeDefined();
      expect(trie(ligne?.aops.map((a) => a.id) ?? [])).toEqual(trie(attendu.aops));
      expect(trie(ligne?.profils.map((p) => p.id) ?? [])).toEqual(trie(attendu.profils));
      expect(ligne?.isHabilite).toBe(attendu.habilite);
    }
  });

  it('refuses hostile input as a 400, never a database error', async () => {
    for (const q of [
      'q=a%00b',
      `q=${'x'.repeat(201)}`,
      'aops=abc',
      'exclus=-1',
      'isHabilite=peut-etre',
      'size=0',
    ]) {
      expect((await chercher(q)).statusCode, q).toBe(400);
    }
  });

  it('is refused to a controller', async () => {
    const { accessToken } = await login(ctx.app, 'controleur@estive.test');
    expect((await chercher('q=a', accessToken)).statusCode).toBe(403);
  });

  it('reads the trigram index (the plan of a search)', async () => {
    const planDeRequete = z.record(z.string(), colonne.texte);
    const plan = await lignes(
      ctx.database.db,
      sql`EXPLAIN SELECT id FROM personne_morale WHERE recherche LIKE '%' || estive_normalise('%fromagerie%') || '%'`,
      planDeRequete,
    );
    // On a small table the planner may still prefer a scan: the index must at least be usable.
    await ctx.database.db.execute(sql`SET enable_seqscan = off`);
    const force = await lignes(
      ctx.database.db,
      sql`EXPLAIN SELECT id FROM personne_morale WHERE recherche LIKE '%' || estive_normalise('%fromagerie%') || '%'`,
      planDeRequete,
    );
    await ctx.database.db.execute(sql`SET enable_seqscan = on`);
    expect(plan.length).toBeGreaterThan(0);
    expect(JSON.stringify(force)).toContain('personne_morale_recherche_trgm');
  });
});
