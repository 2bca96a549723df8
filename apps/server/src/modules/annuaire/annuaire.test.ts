import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes } from '../../db/lignes';
import { fichier, journalAction, personneMorale, personnePhysique } from '../../db/schema';
import { bearer, createTestApp, login, type TestContext } from '../../test/test-app';
import { multipart, toutTirer } from '../synchro/synchro.test-helpers';
import { pdfSimple } from '../../demo/fichiers-demo';

/** Habilitations, people, anonymisation and reference lists of the directory (groups: annuaire.groupes.test.ts). */
let ctx: TestContext;
let animateur: string;
let cnaol: string;
let controleur: string;
beforeAll(async () => {
  ctx = await createTestApp();
  animateur = (await login(ctx.app, 'animateur@estive.test')).accessToken;
  cnaol = (await login(ctx.app, 'cnaol@estive.test')).accessToken;
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
});
afterAll(() => ctx.close());

const get = (url: string, jeton = animateur) => ctx.app.inject({ url, headers: bearer(jeton) });
const post = (url: string, payload: object, jeton = animateur) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(jeton), payload });

async function creerOperateur(siret: string) {
  const r = await post('/api/personne-morale', { raisonSociale: `Test ${siret}`, siret });
  return r.json<{ id: string }>().id;
}
async function aopEtActivite() {
  const aops = (await get('/api/activiteAopIgp')).json<{ aopIgpId: string; id: string }[]>();
  return aops[0]!;
}

describe('habilitations', () => {
  it('creates one with its DI document (multipart); the device pulls it with the file', async () => {
    const id = await creerOperateur('11122233344455');
    const { aopIgpId, id: activiteId } = await aopEtActivite();
    const avant = await toutTirer(ctx.app, controleur, 'annuaire-morale', undefined, 200);
    const corps = multipart([
      {
        name: 'data',
        content: JSON.stringify({
          personneMoraleId: id,
          aopIgpId,
          activiteId,
          statut: 'VALIDEE',
          dateDi: '2026-10-01',
        }),
      },
      { name: 'document', filename: 'DI.pdf', content: pdfSimple(['DI']) },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/habilitation',
      headers: { ...bearer(animateur), ...corps.headers },
      payload: corps.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const hId = res.json<{ id: string }>().id;
    const fiche = (await get(`/api/fiche/habilitation/${hId}`)).json<{
      statut: string;
      dateDi: string;
      fichiers: { fileName: string }[];
    }>();
    expect(fiche).toMatchObject({ statut: 'VALIDEE', dateDi: '2026-10-01' });
    expect(fiche.fichiers.map((f) => f.fileName)).toEqual(['DI.pdf']);
    const apres = await toutTirer(ctx.app, controleur, 'annuaire-morale', avant.checkpoint, 200);
    const doc = apres.documents.find((d) => d.id === id) as unknown as {
      habilitations: { fichiers: unknown[] }[];
    };
    expect(doc.habilitations[0]?.fichiers).toHaveLength(1);
    // Same label × activity again: 409; a file of 5,000,001 bytes: 413 with the spec's message.
    expect(
      (
        await post('/api/habilitation', {
          personneMoraleId: id,
          aopIgpId,
          activiteId,
          statut: 'EN_COURS',
        })
      ).statusCode,
    ).toBe(409);
    const gros = multipart([
      { name: 'data', content: JSON.stringify({ statut: 'EN_COURS' }) },
      { name: 'document', filename: 'gros.pdf', content: Buffer.alloc(5_000_001, 1) },
    ]);
    const refus = await ctx.app.inject({
      method: 'POST',
      url: `/api/habilitation/modifie/${hId}`,
      headers: { ...bearer(animateur), ...gros.headers },
      payload: gros.payload,
    });
    expect(refus.statusCode).toBe(413);
    expect(refus.json<{ message: string }>().message).toBe('Le fichier est trop gros (max 5Mo)');
    // A page of HTML named .pdf and declared application/pdf: 415, in French, nothing stored.
    const html = multipart([
      { name: 'data', content: JSON.stringify({ statut: 'EN_COURS' }) },
      {
        name: 'document',
        filename: 'DI.pdf',
        content: Buffer.from('<html><script>alert(1)</script></html>'),
      },
    ]);
    const refusType = await ctx.app.inject({
      method: 'POST',
      url: `/api/habilitation/modifie/${hId}`,
      headers: { ...bearer(animateur), ...html.headers },
      payload: html.payload,
    });
    expect(refusType.statusCode).toBe(415);
    expect(refusType.json()).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Type de fichier non accepté : seuls les fichiers PDF, PNG ou JPEG sont acceptés',
    });
    const [n] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fichier)
      .where(eq(fichier.habilitationId, Number(hId)));
    expect(n?.n).toBe(1);
  });

  it('lists, exports and refuses a label of another ODG or a controller', async () => {
    const page = (await get('/api/habilitation?size=5&statut=VALIDEE')).json<{
      totalElements: number;
    }>();
    expect(page.totalElements).toBeGreaterThan(0);
    const x = await get('/api/habilitation/export?statut=VALIDEE');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(page.totalElements + 1);
    const [autre] = await lignes(
      ctx.database.db,
      sql`select a.id::text as id from aop_igp a where a.odg_id <> (select odg_id from aop_igp order by id limit 1) limit 1`,
      z.object({ id: colonne.texte }),
    );
    const id = await creerOperateur('11122233344466');
    const { id: activiteId } = await aopEtActivite();
    expect(
      (
        await post('/api/habilitation', {
          personneMoraleId: id,
          aopIgpId: autre!.id,
          activiteId,
          statut: 'EN_COURS',
        })
      ).statusCode,
    ).toBe(404);
    expect((await get('/api/habilitation', controleur)).statusCode).toBe(403);
  });

  it("finds them by a word of the operator's name typed any case, on the ODG's labels, sorted and counted", async () => {
    type Page = { totalElements: number; content: { id: string }[] };
    const [{ mot } = { mot: '' }] = await lignes(
      ctx.database.db,
      sql`select split_part(raison_sociale, ' ', 1) as mot from personne_morale
           where raison_sociale like '% %' order by id limit 1`,
      z.object({ mot: colonne.texte }),
    );
    // From the operators' rows, not the word index: a word of the raison sociale or the name
    // starting with the typed one, habilitations on the animateur's ODG's labels only.
    const attendu = (ordre: ReturnType<typeof sql>) =>
      lignes(
        ctx.database.db,
        sql`select h.id::text as id from habilitation h
              join aop_igp a on a.id = h.aop_igp_id
              join personne_morale p on p.id = h.personne_morale_id
             where a.odg_id = (select d.organisme_id from droit d join utilisateur u on u.id = d.utilisateur_id
                                where u.login = 'animateur@estive.test' order by d.id limit 1)
               and p.deleted_at is null
               and exists (select 1 from unnest(estive_mots(p.raison_sociale) || estive_mots(p.nom)) m
                            where m like estive_normalise(${mot}) || '%')
             order by ${ordre}`,
        z.object({ id: colonne.texte }),
      ).then((rows) => rows.map((r) => r.id));
    const tape = encodeURIComponent(mot.toUpperCase());
    const tous = await attendu(sql`p.raison_sociale, a.libelle, h.id`);
    expect(tous.length).toBeGreaterThan(3);
    const page = (await get(`/api/habilitation?raisonSociale=${tape}&size=2000`)).json<Page>();
    expect(page.totalElements).toBe(tous.length);
    expect(page.content.map((h) => h.id)).toEqual(tous);

    const parStatut = await attendu(sql`h.statut desc, p.raison_sociale, a.libelle, h.id`);
    const deuxieme = (
      await get(`/api/habilitation?raisonSociale=${tape}&sort=statut,DESC&size=3&page=1`)
    ).json<Page>();
    expect(deuxieme.content.map((h) => h.id)).toEqual(parStatut.slice(3, 6));
  });
});

describe('GDPR anonymisation', () => {
  it('is refused while a habilitation runs, forced only by CNAOL, journaled, and leaves devices', async () => {
    const [h] = await lignes(
      ctx.database.db,
      sql`select p.id::int as id from personne_morale p join habilitation h on h.personne_morale_id = p.id
      join aop_igp a on a.id = h.aop_igp_id where h.statut = 'VALIDEE' and a.odg_id = (select d.organisme_id from droit d join utilisateur u on u.id = d.utilisateur_id where u.login = 'animateur@estive.test' order by d.id limit 1) order by p.id limit 1`,
      z.object({ id: colonne.entier }),
    );
    const id = h!.id;
    const refus = await post(`/api/personne-morale/anonymisation/${id}`, {});
    expect(refus.statusCode).toBe(409);
    expect(refus.json<{ message: string }>().message).toContain('Anonymisation impossible');
    expect((await post(`/api/personne-morale/anonymisation/${id}?force=true`, {})).statusCode).toBe(
      403,
    );
    const avant = await toutTirer(ctx.app, controleur, 'annuaire-morale', undefined, 200);
    expect(avant.documents.some((d) => d.id === String(id) && !d._deleted)).toBe(true);
    const ok = await post(`/api/personne-morale/anonymisation/${id}?force=true`, {}, cnaol);
    expect(ok.statusCode, ok.body).toBe(200);
    const [pm] = await ctx.database.db
      .select()
      .from(personneMorale)
      .where(eq(personneMorale.id, id));
    expect(pm).toMatchObject({
      raisonSociale: 'Opérateur anonymisé',
      mail: null,
      telephone1: null,
      adresse1: null,
    });
    expect(pm?.siret).toMatch(/^ANONYME/);
    const apres = await toutTirer(ctx.app, controleur, 'annuaire-morale', avant.checkpoint, 200);
    expect(apres.documents.find((d) => d.id === String(id))?._deleted).toBe(true);
    const journal = await ctx.database.db
      .select()
      .from(journalAction)
      .where(and(eq(journalAction.entite, 'personne_morale'), eq(journalAction.entiteId, id)));
    expect(journal).toHaveLength(1);
    expect(journal[0]?.details).toMatchObject({ force: true });
    expect((await get(`/api/fiche/morale/${id}`)).statusCode).toBe(404);
  });

  it('an operator never habilitated nor controlled is anonymised without force', async () => {
    const id = await creerOperateur('11122233344477');
    expect((await post(`/api/personne-morale/anonymisation/${id}`, {})).statusCode).toBe(200);
  });

  it('a person: created, found, anonymised; an active account needs CNAOL force', async () => {
    const r = await post('/api/personne-physique', {
      nom: 'Dupré',
      prenom: 'Anaïs',
      mail: 'anais@exemple.fr',
    });
    expect(r.statusCode).toBe(201);
    const id = r.json<{ id: string }>().id;
    const page = (await get('/api/personne-physique?nom=DUPRE')).json<{
      content: { id: string }[];
    }>();
    expect(page.content.map((p) => p.id)).toContain(id);
    expect((await post(`/api/personne-physique/anonymisation/${id}`, {})).statusCode).toBe(200);
    const [p] = await ctx.database.db
      .select()
      .from(personnePhysique)
      .where(eq(personnePhysique.id, Number(id)));
    expect(p).toMatchObject({ nom: 'Anonyme', prenom: 'Anonyme', mail: null, anonymise: true });
    const [ctrl] = await lignes(
      ctx.database.db,
      sql`select personne_physique_id::text as id from utilisateur where login = 'controleur2@estive.test'`,
      z.object({ id: colonne.texte }),
    );
    expect((await post(`/api/personne-physique/anonymisation/${ctrl!.id}`, {})).statusCode).toBe(
      409,
    );
    expect(
      (await post(`/api/personne-physique/anonymisation/${ctrl!.id}`, {}, controleur)).statusCode,
    ).toBe(403);
  });
});

describe('reference lists', () => {
  it('finds communes by postcode or by name without accents', async () => {
    const parNom = (await get('/api/commune/autocomplete-enum?q=saint flour')).json<
      { codePostal: string; nomCommune: string }[]
    >();
    expect(parNom).toContainEqual(
      expect.objectContaining({ codePostal: '15100', nomCommune: 'Saint-Flour' }),
    );
    const parCode = (await get('/api/commune/autocomplete-enum?q=15100')).json<
      { nomCommune: string }[]
    >();
    expect(parCode.map((c) => c.nomCommune)).toContain('Saint-Flour');
    expect((await get('/api/aop-igp')).json<unknown[]>().length).toBeGreaterThan(0);
  });

  it('lists every town of a complete postcode, not the first 20 (issue 32, item 3)', async () => {
    const noms = (await get('/api/commune/autocomplete-enum?q=39800'))
      .json<{ codePostal: string; nomCommune: string }[]>()
      .map((c) => c.nomCommune);
    expect(noms.length).toBeGreaterThan(20);
    expect(noms).toContain('Poligny');
    const partiel = (await get('/api/commune/autocomplete-enum?q=39')).json<unknown[]>();
    expect(partiel).toHaveLength(20);
  });
});
