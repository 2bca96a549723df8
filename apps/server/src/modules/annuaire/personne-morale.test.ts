import ExcelJS from 'exceljs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FicheMorale, PersonneMoraleLigne } from '@estive/contracts';
import { z } from 'zod';
import { colonne, lignes } from '../../db/lignes';
import { personneMorale, site } from '../../db/schema';
import { bearer, type TestContext } from '../../test/test-app';
import { ouvrirBureau } from '../../test/bureau.test-helpers';
import { toutTirer } from '../synchro/synchro.test-helpers';

/**
 * The directory's operator endpoints: office roles only, the active right's ODG in the SQL, every
 * write pulled by devices. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let ctx: TestContext, animateur: string, controleur: string, droits: string[];
beforeAll(async () => {
  ({ ctx, animateur, controleur, droits } = await ouvrirBureau());
});
afterAll(() => ctx.close());

const get = (url: string, jeton = animateur, droit?: string) =>
  ctx.app.inject({ url, headers: bearer(jeton, droit) });
const envoyer = (
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
  jeton = animateur,
  droit?: string,
) => ctx.app.inject({ method, url, headers: bearer(jeton, droit), payload });
type Page = { content: PersonneMoraleLigne[]; totalElements: number; totalPages: number };

/** An operator habilitated only on labels of the animateur's default ODG (Comté). */
async function operateurComteSeulement() {
  const [r] = await lignes(
    ctx.database.db,
    sql`select p.id::int as id, p.ville from personne_morale p
         where p.deleted_at is null and p.ville ~ '[^ -~]'
           and exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
                        join droit d on d.organisme_id = a.odg_id where h.personne_morale_id = p.id and d.id = ${Number(droits[0])})
           and not exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
                        join droit d on d.organisme_id = a.odg_id where h.personne_morale_id = p.id and d.id = ${Number(droits[1])})
         order by p.id limit 1`,
    z.object({ id: colonne.entier, ville: colonne.texte }),
  );
  if (!r) throw new Error('pas d’opérateur à ville accentuée dans la démo');
  return r;
}

describe('roles', () => {
  it.each([
    '/api/personne-morale',
    '/api/personne-morale/export',
    '/api/personne-morale/autocomplete?q=fro',
    '/api/personne-morale/recherche/operateurs?q=fro',
    '/api/personne-morale/recherche/existant?siret=12345678901234',
    '/api/personne-morale/recherche/petit?q=fro',
    '/api/personne-morale/1/sites',
    '/api/fiche/morale/1',
    '/api/commune/autocomplete-enum?q=aurillac',
    '/api/aop-igp',
    '/api/activite',
    '/api/profil',
  ])('a controller is refused %s (403), nobody signed in 401', async (url) => {
    expect((await get(url, controleur)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it('a controller cannot write an operator, a site or a contact', async () => {
    const { id } = await operateurComteSeulement();
    expect(
      (
        await envoyer(
          'POST',
          '/api/personne-morale',
          { raisonSociale: 'X', siret: '12345678901234' },
          controleur,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await envoyer('PATCH', `/api/personne-morale/${id}`, { mail: 'a@b.fr' }, controleur))
        .statusCode,
    ).toBe(403);
    expect(
      (await envoyer('POST', `/api/personne-morale/${id}/sites`, { libelle: 'S' }, controleur))
        .statusCode,
    ).toBe(403);
    expect(
      (await envoyer('POST', '/api/fonction', { personneMoraleId: id, nom: 'N' }, controleur))
        .statusCode,
    ).toBe(403);
    expect(
      (await envoyer('POST', `/api/personne-morale/anonymisation/${id}`, {}, controleur))
        .statusCode,
    ).toBe(403);
  });
});

describe('search', () => {
  it('finds a town typed without its accents, case-blind, within the perimeter only', async () => {
    const { id, ville } = await operateurComteSeulement();
    const sansAccent = ville.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const url = `/api/personne-morale?ville=${encodeURIComponent(sansAccent)}&size=2000`;
    const page = (await get(url)).json<Page>();
    expect(page.content.map((r) => r.id)).toContain(String(id));
    expect(
      page.content.every((r) =>
        r.ville?.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().includes(sansAccent),
      ),
    ).toBe(true);
    // Under the animateur's other right (another ODG) the same operator is out of reach.
    const ailleurs = (await get(url, animateur, droits[1])).json<Page>();
    expect(ailleurs.content.map((r) => r.id)).not.toContain(String(id));
    expect((await get(`/api/fiche/morale/${id}`, animateur, droits[1])).statusCode).toBe(404);
    expect(
      (
        await envoyer(
          'PATCH',
          `/api/personne-morale/${id}`,
          { mail: 'x@y.fr' },
          animateur,
          droits[1],
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await envoyer(
          'POST',
          `/api/personne-morale/${id}/sites`,
          { libelle: 'S' },
          animateur,
          droits[1],
        )
      ).statusCode,
    ).toBe(404);
  });

  it('pages, sorts and counts; filters combine', async () => {
    const p0 = (await get('/api/personne-morale?size=5&sort=raisonSociale,DESC')).json<Page>();
    expect(p0.content).toHaveLength(5);
    expect(p0.totalPages).toBe(Math.ceil(p0.totalElements / 5));
    const noms = p0.content.map((r) => r.raisonSociale);
    expect([...noms].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(noms);
    const habilites = (
      await get('/api/personne-morale?isHabilite=true&statut=VALIDEE&size=50')
    ).json<Page>();
    expect(habilites.totalElements).toBeGreaterThan(0);
    expect(habilites.content.every((r) => r.isHabilite)).toBe(true);
  });

  it("finds 'MAICHE' typed for 'Maîche' and a SIRET typed in groups, with no habilitation yet", async () => {
    const siret = `9${String(Date.now()).slice(-13)}`;
    const cree = await envoyer('POST', '/api/personne-morale', {
      raisonSociale: 'Fruitière des Essarts',
      siret,
      codePostal: '25120',
      ville: 'Maîche',
    });
    expect(cree.statusCode).toBe(201);
    const id = cree.json<{ id: string }>().id;
    const ids = async (query: string, droit?: string) =>
      (await get(`/api/personne-morale?${query}&size=2000`, animateur, droit))
        .json<Page>()
        .content.map((r) => r.id);
    // No habilitation: in every ODG's perimeter
    // (docs/decisions.md, 'Office perimeter of an operator').
    for (const droit of [droits[0], droits[1]]) {
      expect(await ids('ville=MAICHE', droit)).toContain(id);
    }
    const groupes = `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`;
    expect(await ids(`siret=${encodeURIComponent(groupes)}`)).toEqual([id]);
    expect(await ids(`raisonSociale=FRUITIERE%20DES%20ESSARTS&ville=maiche`)).toContain(id);
    expect(await ids('ville=MAICHE&codePostal=39')).not.toContain(id);
    const court = (
      await get(`/api/personne-morale/autocomplete?q=${encodeURIComponent(groupes)}`)
    ).json<{ id: string }[]>();
    expect(court.map((r) => r.id)).toEqual([id]);
    // 'recherche/operateurs' answers habilitated operators only: not this one, a validated one
    // yes, and on a label it holds no validated habilitation on, no.
    const habilites = (q: string, aop = '') =>
      get(`/api/personne-morale/recherche/operateurs?q=${encodeURIComponent(q)}${aop}`).then((r) =>
        r.json<{ id: string }[]>().map((o) => o.id),
      );
    expect(await habilites(groupes)).toEqual([]);
    const [valide] = await lignes(
      ctx.database.db,
      sql`select p.id::text, p.siret, h.aop_igp_id::text as aop,
                 (select a.id::text from aop_igp a where a.odg_id = (select odg_id from aop_igp where id = h.aop_igp_id)
                     and not exists (select 1 from habilitation x where x.personne_morale_id = p.id
                                      and x.aop_igp_id = a.id and x.statut = 'VALIDEE') limit 1) as autre
            from personne_morale p join habilitation h on h.personne_morale_id = p.id
            join droit d on d.organisme_id = (select odg_id from aop_igp where id = h.aop_igp_id)
           where h.statut = 'VALIDEE' and d.id = ${Number(droits[0])} and p.deleted_at is null
           order by (select count(*) from habilitation y where y.personne_morale_id = p.id), p.id limit 1`,
      z.object({
        id: colonne.texte,
        siret: colonne.texte,
        aop: colonne.texte,
        autre: colonne.texte,
      }),
    );
    expect(await habilites(valide!.siret)).toEqual([valide!.id]);
    expect(await habilites(valide!.siret, `&aop=${valide!.aop}`)).toEqual([valide!.id]);
    expect(valide!.autre).toBeTruthy();
    expect(await habilites(valide!.siret, `&aop=${valide!.autre}`)).toEqual([]);
  });

  it('refuses hostile input with 400, never a 500', async () => {
    for (const url of [
      '/api/personne-morale?sort=raisonSociale;drop table personne_morale,ASC',
      '/api/personne-morale?sort=siret_inconnu,ASC',
      '/api/personne-morale?size=100000',
      '/api/personne-morale?page=-1',
      `/api/personne-morale?ville=${'x'.repeat(500)}`,
      '/api/personne-morale?aop=abc',
      '/api/personne-morale?statut=PERIME',
      '/api/personne-morale?isHabilite=peut-etre',
      '/api/fiche/morale/1e400',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    // NUL and lone surrogates in a text filter are harmless: no match, no error.
    expect((await get('/api/personne-morale?raisonSociale=%00%ED%A0%80%25_')).statusCode).toBe(200);
  });
});

describe('export', () => {
  it('streams the filtered search as XLSX with French headers and every row', async () => {
    const filtre = 'isHabilite=true';
    const total = (await get(`/api/personne-morale?${filtre}`)).json<Page>().totalElements;
    const res = await get(`/api/personne-morale/export?${filtre}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws!.getRow(1).getCell(1).value).toBe('Raison sociale');
    expect(ws!.rowCount).toBe(total + 1);
    expect(ws!.getRow(2).getCell(12).value).toBeInstanceOf(Date);
  });

  it("keeps the search's sort across its batches (rows read by id after one sorted pass)", async () => {
    const q = 'isHabilite=true&sort=ville,DESC&sort=raisonSociale,ASC';
    const page = (await get(`/api/personne-morale?${q}&size=2000`)).json<Page>();
    const res = await get(`/api/personne-morale/export?${q}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sirets: unknown[] = [];
    wb.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) sirets.push(row.getCell(2).value);
    });
    expect(sirets).toEqual(page.content.map((r) => r.siret));
    // The habilitations' raison sociale filter is accent- and case-blind too.
    const [une] = (await get('/api/habilitation?size=1')).json<{
      content: { id: string; raisonSociale: string }[];
    }>().content;
    const tape = une!.raisonSociale.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const trouvees = (
      await get(`/api/habilitation?raisonSociale=${encodeURIComponent(tape)}&size=2000`)
    ).json<{ content: { id: string }[] }>().content;
    expect(trouvees.map((x) => x.id)).toContain(une!.id);
    // Habilitations likewise, statut in French.
    const h = await get('/api/habilitation/export?sort=statut,ASC');
    const wh = new ExcelJS.Workbook();
    await wh.xlsx.load(h.rawPayload as unknown as ArrayBuffer);
    const statuts = new Set<unknown>();
    wh.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) statuts.add(row.getCell(5).value);
    });
    expect(
      [...statuts].every((x) => ['En attente', 'En cours', 'Habilité'].includes(String(x))),
    ).toBe(true);
  });
});

describe('creation and changes', () => {
  it('detects an existing SIRET before a creation and refuses the duplicate (409)', async () => {
    const { id } = await operateurComteSeulement();
    const [existant] = await ctx.database.db
      .select()
      .from(personneMorale)
      .where(eq(personneMorale.id, id));
    const trouves = (
      await get(
        `/api/personne-morale/recherche/existant?siret=${existant!.siret}`,
        animateur,
        droits[0],
      )
    ).json<{ operateurs: { operateur: { id: string } | null }[] }>();
    expect(trouves.operateurs.map((t) => t.operateur?.id)).toEqual([String(existant!.id)]);
    const res = await envoyer('POST', '/api/personne-morale', {
      raisonSociale: 'Doublon',
      siret: existant!.siret,
    });
    expect(res.statusCode).toBe(409);
  });

  it("answers the spec's field messages", async () => {
    const res = await envoyer('POST', '/api/personne-morale', {
      raisonSociale: '',
      siret: '123',
      mail: 'pas-un-mail',
      codePostal: '1500',
      telephone1: 'abc',
    });
    expect(res.statusCode).toBe(400);
    const erreurs = res.json<{ fieldErrors: { field: string; defaultMessage: string }[] }>()
      .fieldErrors;
    const msg = (f: string) => erreurs.find((e) => e.field === f)?.defaultMessage;
    expect(msg('raisonSociale')).toBe('Ce champ est obligatoire');
    expect(msg('siret')).toBe('Le numéro de siret doit comporter 14 chiffres');
    expect(msg('mail')).toBe('Utilisez un email valide');
    expect(msg('codePostal')).toBe('Utilisez un code postal valide');
    expect(msg('telephone1')).toBe('Utilisez un numéro de téléphone valide');
  });

  it('says a text is too long in French, not that it is required (issue 32, item 5)', async () => {
    const res = await envoyer('POST', '/api/personne-morale', {
      raisonSociale: 'R'.repeat(201),
      siret: '12345678901234',
      ville: 'V'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    const erreurs = res.json<{ fieldErrors: { field: string; defaultMessage: string }[] }>()
      .fieldErrors;
    const msg = (f: string) => erreurs.find((e) => e.field === f)?.defaultMessage;
    expect(msg('raisonSociale')).toBe('200 caractères au plus');
    expect(msg('ville')).toBe('100 caractères au plus');
  });

  it('creates an operator, then a site and a contact; the device pulls the new site', async () => {
    const res = await envoyer('POST', '/api/personne-morale', {
      raisonSociale: 'Fromagerie des Tests',
      siret: '98765432109876',
      pac: '015123456',
      codePostal: '15000',
      ville: 'Aurillac',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const fiche = (await get(`/api/fiche/morale/${id}`)).json<FicheMorale>();
    expect(fiche).toMatchObject({ raisonSociale: 'Fromagerie des Tests', pac: '015123456' });
    // The PACAGE number is `pac` on every side (column `pacage`): written, changed, searched.
    expect(
      (await envoyer('PATCH', `/api/personne-morale/${id}`, { pac: '015654321' })).statusCode,
    ).toBe(200);
    const trouve = (await get('/api/personne-morale?pac=015654321')).json<Page>();
    expect(trouve.content).toMatchObject([{ id, pac: '015654321' }]);

    const { id: pmId } = await operateurComteSeulement();
    const avant = await toutTirer(ctx.app, controleur, 'annuaire-morale', undefined, 200);
    const s = await envoyer('POST', `/api/personne-morale/${pmId}/sites`, {
      libelle: 'Cave d’affinage',
      codePostal: '25300',
      ville: 'Pontarlier',
      latitude: 46.9,
      longitude: 6.35,
    });
    expect(s.statusCode).toBe(201);
    const c = await envoyer('POST', '/api/fonction', {
      personneMoraleId: pmId,
      nom: 'Girard',
      prenom: 'Élise',
      fonction: 'Gérante',
      mail: 'elise@exemple.fr',
    });
    expect(c.statusCode).toBe(201);
    const apres = await toutTirer(ctx.app, controleur, 'annuaire-morale', avant.checkpoint, 200);
    const doc = apres.documents.find((d) => d.id === String(pmId)) as unknown as
      { sites: { libelle: string }[]; contacts: { nom: string }[] } | undefined;
    expect(doc?.sites.map((x) => x.libelle)).toContain('Cave d’affinage');
    expect(doc?.contacts.map((x) => x.nom)).toContain('Girard');
    const sites = (await get(`/api/personne-morale/${pmId}/sites`)).json<{ libelle: string }[]>();
    expect(sites.map((x) => x.libelle)).toContain('Cave d’affinage');
    const [ligne] = await ctx.database.db
      .select()
      .from(site)
      .where(and(eq(site.personneMoraleId, pmId), eq(site.libelle, 'Cave d’affinage')));
    expect(ligne?.latitude).toBe(46.9);
  });

  it('a PATCH to an existing SIRET is a 409, not a 500', async () => {
    const [a, b] = await ctx.database.db
      .select()
      .from(personneMorale)
      .where(isNull(personneMorale.deletedAt))
      .limit(2);
    const { id } = await operateurComteSeulement();
    const cible = [a, b].find((x) => x!.id !== id)!;
    expect(
      (await envoyer('PATCH', `/api/personne-morale/${id}`, { siret: cible.siret })).statusCode,
    ).toBe(409);
  });
});
