import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes } from '../../db/lignes';
import { ouvrirBureau } from '../../test/bureau.test-helpers';
import { bearer, premier, type TestContext } from '../../test/test-app';
import { toutTirer } from '../synchro/synchro.test-helpers';
import { MESSAGE_AOP_SITE, MESSAGE_SITE_INTROUVABLE } from './site.service';

/**
 * Issue 32 item 2: an operator's sites are corrected and deleted from the office, linked to the
 * ODG's labels the operator holds, and the devices get each change through the directory feed.
 */
let ctx: TestContext;
let animateur: string, controleur: string, comte: string, auvergne: string;
let operateur: string, aopComte: string, autreAopComte: string, aopAuvergne: string;

type Methode = 'POST' | 'PATCH' | 'DELETE';
const appel = (method: Methode, url: string, payload?: object, droit = comte, jeton = animateur) =>
  ctx.app.inject({ method, url, headers: bearer(jeton, droit), ...(payload ? { payload } : {}) });
const fiche = async () =>
  (
    await ctx.app.inject({
      url: `/api/fiche/morale/${operateur}`,
      headers: bearer(animateur, comte),
    })
  ).json<{
    sites: { id: string; libelle: string; latitude: number | null; aopIds: string[] }[];
  }>();
const aopIdsEnBase = async (siteId: string) =>
  (
    await lignes(
      ctx.database.db,
      sql`select unnest(aop_ids) as id from site where id = ${Number(siteId)} order by 1`,
      z.object({ id: colonne.entier }),
    )
  ).map((r) => String(r.id));
const champs = (res: { json: () => unknown }) =>
  (res.json() as { fieldErrors: { field: string; defaultMessage: string }[] }).fieldErrors;

beforeAll(async () => {
  let droits: string[];
  ({ ctx, animateur, controleur, droits } = await ouvrirBureau());
  [comte = '', auvergne = ''] = droits;
  const aops = async (droit: string) =>
    (await ctx.app.inject({ url: '/api/aop-igp', headers: bearer(animateur, droit) })).json<
      { id: string }[]
    >();
  const duComte = await aops(comte);
  aopComte = premier(duComte).id;
  autreAopComte = premier(duComte.slice(1), 'deuxième AOP-IGP du Comté').id;
  aopAuvergne = premier(await aops(auvergne)).id;
  const cree = await appel('POST', '/api/personne-morale', {
    raisonSociale: `Fromagerie des sites ${Date.now()}`,
    siret: '73282932000074',
  });
  operateur = cree.json<{ id: string }>().id;
  const activites = (
    await ctx.app.inject({ url: '/api/activiteAopIgp', headers: bearer(animateur, comte) })
  ).json<{ aopIgpId: string; id: string }[]>();
  const activite = premier(activites.filter((a) => a.aopIgpId === aopComte)).id;
  const h = await appel('POST', '/api/habilitation', {
    personneMoraleId: operateur,
    aopIgpId: aopComte,
    activiteId: activite,
    statut: 'VALIDEE',
    dateDi: '2026-03-02',
  });
  expect(h.statusCode, h.body).toBe(201);
});
afterAll(() => ctx.close());

describe('sites of an operator', () => {
  it('adds, corrects and deletes a site; the controller’s feed carries each change', async () => {
    const { checkpoint } = await toutTirer(ctx.app, controleur, 'annuaire-morale', undefined, 200);
    const ajout = await appel('POST', `/api/personne-morale/${operateur}/sites`, {
      libelle: 'Cave de Poligny',
      codePostal: '39800',
      ville: 'Poligny',
      latitude: 46.84,
      longitude: 5.71,
      aopIds: [aopComte],
    });
    expect(ajout.statusCode, ajout.body).toBe(201);
    const siteId = ajout.json<{ id: string }>().id;
    expect((await fiche()).sites).toEqual([
      expect.objectContaining({ id: siteId, libelle: 'Cave de Poligny', aopIds: [aopComte] }),
    ]);

    const modif = await appel('PATCH', `/api/personne-morale/${operateur}/sites/${siteId}`, {
      libelle: 'Cave de Poligny (affinage)',
      latitude: 46.85,
    });
    expect(modif.statusCode, modif.body).toBe(200);
    const apres = premier((await fiche()).sites);
    // Only the keys sent change: the labels and the longitude stay.
    expect(apres).toMatchObject({ libelle: 'Cave de Poligny (affinage)', latitude: 46.85 });
    expect(apres.aopIds).toEqual([aopComte]);
    const tire = await toutTirer(ctx.app, controleur, 'annuaire-morale', checkpoint, 200);
    const doc = tire.documents.filter((d) => d.id === operateur).at(-1);
    expect(doc?.sites).toEqual([
      expect.objectContaining({
        id: siteId,
        libelle: 'Cave de Poligny (affinage)',
        longitude: 5.71,
      }),
    ]);

    const suppression = await appel('DELETE', `/api/personne-morale/${operateur}/sites/${siteId}`);
    expect(suppression.statusCode, suppression.body).toBe(204);
    expect((await fiche()).sites).toEqual([]);
    const ensuite = await toutTirer(ctx.app, controleur, 'annuaire-morale', tire.checkpoint, 200);
    // The operator comes again, without the site: the device replaces its copy.
    expect(ensuite.documents.filter((d) => d.id === operateur).at(-1)?.sites).toEqual([]);
  });

  it('links a site only to the ODG’s labels the operator holds, and keeps other ODGs’ labels', async () => {
    const url = `/api/personne-morale/${operateur}/sites`;
    for (const aop of [aopAuvergne, autreAopComte]) {
      const res = await appel('POST', url, { libelle: 'Hors label', aopIds: [aop] });
      expect(res.statusCode, res.body).toBe(400);
      expect(champs(res)).toEqual([{ field: 'aopIds', defaultMessage: MESSAGE_AOP_SITE }]);
    }
    const siteId = (await appel('POST', url, { libelle: 'Hâloir' })).json<{ id: string }>().id;
    // Another ODG linked the site to its label: Comté's choice replaces only Comté's labels.
    await ctx.database.db.execute(
      sql`update site set aop_ids = array[${Number(aopAuvergne)}]::bigint[] where id = ${Number(siteId)}`,
    );
    const lie = await appel('PATCH', `${url}/${siteId}`, { aopIds: [aopComte] });
    expect(lie.statusCode, lie.body).toBe(200);
    expect(await aopIdsEnBase(siteId)).toEqual([aopComte, aopAuvergne].sort((a, b) => +a - +b));
    const delie = await appel('PATCH', `${url}/${siteId}`, { aopIds: [] });
    expect(delie.statusCode, delie.body).toBe(200);
    expect(await aopIdsEnBase(siteId)).toEqual([aopAuvergne]);
    const refus = await appel('PATCH', `${url}/${siteId}`, { aopIds: [autreAopComte] });
    expect(refus.statusCode).toBe(400);
    expect(await aopIdsEnBase(siteId)).toEqual([aopAuvergne]);
  });

  it('puts the refusals under their fields: postcode, latitude, empty label, nothing to change', async () => {
    const url = `/api/personne-morale/${operateur}/sites`;
    const res = await appel('POST', url, { libelle: '', codePostal: '3980', latitude: 91 });
    expect(res.statusCode).toBe(400);
    expect(
      champs(res)
        .map((f) => f.field)
        .sort(),
    ).toEqual(['codePostal', 'latitude', 'libelle']);
    const siteId = (await appel('POST', url, { libelle: 'Saloir' })).json<{ id: string }>().id;
    const vide = await appel('PATCH', `${url}/${siteId}`, {});
    expect(vide.statusCode).toBe(400);
    const longitude = await appel('PATCH', `${url}/${siteId}`, { longitude: -181 });
    expect(champs(longitude).map((f) => f.field)).toEqual(['longitude']);
  });

  it('refuses a site of another operator, a controller, and a right without the operator', async () => {
    const autre = (
      await lignes(
        ctx.database.db,
        sql`select s.id, s.libelle from site s where s.personne_morale_id <> ${Number(operateur)}
             order by s.id limit 1`,
        z.object({ id: colonne.entier, libelle: colonne.texte }),
      )
    ).at(0);
    if (!autre) throw new Error('aucun site de démonstration');
    const url = `/api/personne-morale/${operateur}/sites/${autre.id}`;
    const res = await appel('PATCH', url, { libelle: 'Détourné' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe(MESSAGE_SITE_INTROUVABLE);
    expect((await appel('DELETE', url)).statusCode).toBe(404);
    const mien = (
      await appel('POST', `/api/personne-morale/${operateur}/sites`, { libelle: 'Fruitière' })
    ).json<{ id: string }>().id;
    const cible = `/api/personne-morale/${operateur}/sites/${mien}`;
    expect((await appel('PATCH', cible, { libelle: 'x' }, comte, controleur)).statusCode).toBe(403);
    // The Auvergne right does not see a Comté operator: 404, and nothing changes.
    expect((await appel('PATCH', cible, { libelle: 'x' }, auvergne)).statusCode).toBe(404);
    expect((await appel('DELETE', cible, undefined, auvergne)).statusCode).toBe(404);
    expect((await fiche()).sites.find((s) => s.id === mien)?.libelle).toBe('Fruitière');
    const libelle = await lignes(
      ctx.database.db,
      sql`select libelle from site where id = ${autre.id}`,
      z.object({ libelle: colonne.texte }),
    );
    expect(libelle).toEqual([{ libelle: autre.libelle }]);
  });

  it('does not delete a site a control cites: 409 naming how many, the site stays', async () => {
    const [cite] = await lignes(
      ctx.database.db,
      sql`select c.personne_morale_id as pm, c.site_ids[1] as site
            from controle c join aop_igp a on a.id = c.aop_igp_id
           where cardinality(c.site_ids) > 0 and c.deleted_at is null
             and a.odg_id = (select organisme_id from droit where id = ${Number(comte)})
             and c.site_ids[1] in (select id from site where personne_morale_id = c.personne_morale_id)
           order by c.id limit 1`,
      z.object({ pm: colonne.entier, site: colonne.entier }),
    );
    if (!cite) throw new Error('aucun contrôle de démonstration citant un site');
    const res = await appel('DELETE', `/api/personne-morale/${cite.pm}/sites/${cite.site}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(
      /^Ce site est cité par \d+ contrôles? : il ne peut pas être supprimé/,
    );
    const reste = await lignes(
      ctx.database.db,
      sql`select id from site where id = ${cite.site}`,
      z.object({ id: colonne.entier }),
    );
    expect(reste).toHaveLength(1);
  });
});
