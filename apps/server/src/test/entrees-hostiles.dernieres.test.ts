import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes } from '../db/lignes';
import {
  multipart,
  pousser,
  premierControle,
  saisie,
} from '../modules/synchro/synchro.test-helpers';
import { cheminAvec } from './routes.test-helpers';
import {
  PDF,
  animateur,
  cnaol,
  controleur,
  ctx,
  nbFichiers,
  operateur,
  preparerTeleversements,
  routes,
} from './televersements.test-helpers';

/**
 * Issue 28 item 5: the last inputs that reached PostgreSQL and came back as 500s. A partial update
 * that changes nothing, ids the database cannot cast (non-numeric, 20 digits) or that Number()
 * reads wrongly (`1e3` as 1000), a NUL in an uploaded file's name. Each is a French 400; none
 * reaches the database.
 */
beforeAll(preparerTeleversements);
afterAll(() => ctx.close());

/** The table whose first row each partial update is tried on. */
const TABLE_DE: Record<string, string> = {
  '/api/personne-morale/:id': 'personne_morale',
  '/api/personne-physique/:id': 'personne_physique',
  '/api/fonction/:id': 'contact',
  '/api/utilisateur/:id': 'utilisateur',
  '/api/referentiel/:id': 'referentiel',
  '/api/point-controle/:id': 'point_controle',
  '/api/categorie/:id': 'categorie',
  '/api/campagne/:id': 'campagne',
  '/api/point-controle/systeme/groupe/:id': 'groupe_sys_exp',
  '/api/point-controle/systeme/point/:id': 'point_sys_exp',
  '/api/habilitation/modifie/:id': 'habilitation',
};

/** Routes whose path names more than the row's id: the parameters of the first such row. */
const PARAMETRES_DE: Record<string, ReturnType<typeof sql>> = {
  '/api/personne-morale/:id/sites/:siteId': sql`select personne_morale_id::text as id,
    id::text as "siteId" from site order by id limit 1`,
};

async function premiersParametres(url: string): Promise<Record<string, string>> {
  const requete = PARAMETRES_DE[url];
  if (!requete) return { id: await premiereLigne(TABLE_DE[url] ?? '') };
  const [r] = await lignes(ctx.database.db, requete, z.record(z.string(), colonne.texte));
  if (!r) throw new Error(`${url} : aucune ligne`);
  return r;
}

async function premiereLigne(table: string): Promise<string> {
  const [r] = await lignes(
    ctx.database.db,
    sql`select min(id)::text as id from ${sql.identifier(table)}`,
    z.object({ id: colonne.texte.nullable() }),
  );
  if (!r?.id) throw new Error(`${table} est vide`);
  return r.id;
}

describe('a partial update that changes nothing', () => {
  it('every PATCH (and the habilitation change): {} and unknown keys only are 400 "Aucune modification"', async () => {
    const cles = [
      ...routes.filter((r) => r.methode === 'PATCH').map((r) => r.url),
      '/api/habilitation/modifie/:id',
    ];
    expect(cles.length).toBeGreaterThanOrEqual(8);
    const sansTable = cles.filter((u) => !(u in TABLE_DE) && !(u in PARAMETRES_DE));
    expect(sansTable).toEqual([]);
    const reponses: [string, string, number, string][] = [];
    for (const url of cles) {
      const methode = url.includes('/modifie/') ? 'POST' : 'PATCH';
      const parametres = await premiersParametres(url);
      for (const corps of [{}, { inconnu: 'x', __proto__x: 1 }]) {
        const res = await ctx.app.inject({
          method: methode,
          url: cheminAvec(url, parametres),
          headers: cnaol,
          payload: corps,
        });
        reponses.push([
          url,
          JSON.stringify(corps),
          res.statusCode,
          res.json<{ message: string }>().message,
        ]);
      }
    }
    // /api/categorie/:id requires its libelle: a plain validation error, 400 as well.
    expect(reponses.filter(([, , s]) => s !== 400)).toEqual([]);
    expect(
      reponses.filter(([u, , , m]) => u !== '/api/categorie/:id' && m !== 'Aucune modification'),
    ).toEqual([]);
  });

  it("a line's change keeps what it does not name (its decimals were reset to 0)", async () => {
    const [ligne] = await lignes(
      ctx.database.db,
      sql`update point_sys_exp set dec = 2 where id = (select min(id) from point_sys_exp)
          returning id::text as id`,
      z.object({ id: colonne.texte }),
    );
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/point-controle/systeme/point/${ligne?.id ?? ''}`,
      headers: cnaol,
      payload: { unite: 'kg' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [apres] = await lignes(
      ctx.database.db,
      sql`select dec from point_sys_exp where id = ${Number(ligne?.id)}`,
      z.object({ dec: colonne.entier }),
    );
    expect(apres?.dec).toBe(2);
  });

  it('a DI document alone is still a change of the habilitation', async () => {
    const o = await operateur();
    const cree = await ctx.app.inject({
      method: 'POST',
      url: '/api/habilitation',
      headers: animateur,
      payload: {
        personneMoraleId: o.pm,
        aopIgpId: o.aopIgpId,
        activiteId: o.activites[0],
        statut: 'EN_ATTENTE',
      },
    });
    expect(cree.statusCode, cree.body).toBe(201);
    const corps = multipart([
      { name: 'data', content: '{}' },
      { name: 'document', filename: 'DI.pdf', content: PDF },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/habilitation/modifie/${cree.json<{ id: string }>().id}`,
      headers: { ...animateur, ...corps.headers },
      payload: corps.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('ids as PostgreSQL cannot hold them', () => {
  const deposer = (ligne: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/controle/depotExterne',
      headers: animateur,
      payload: { controles: [ligne] },
    });

  it('external deposit: non-numeric, decimal, exponent and 20-digit ids are field errors', async () => {
    for (const mauvais of ['abc', '1.5', '1e3', '12345678901234567890', '-1', ' 7']) {
      const res = await deposer({
        aopIgpId: mauvais,
        niveau: 'SUP_TERRAIN',
        date: '2026-11-09T09:00:00.000Z',
        resultat: 'NON_CONFORME',
        operateurId: mauvais,
        auditeurId: mauvais,
        manquements: [{ pointId: mauvais, valeur: 'x', gravite: 'MAJEUR' }],
        manquementsExistant: [
          { manquementId: mauvais, valeur: 'x', etat: 'EN_COURS_OC', gravite: 'MAJEUR' },
        ],
      });
      expect(res.statusCode, `${mauvais}: ${res.body}`).toBe(400);
      const champs = res
        .json<{ fieldErrors: { field: string; defaultMessage: string }[] }>()
        .fieldErrors.filter((f) => f.defaultMessage === 'Identifiant invalide')
        .map((f) => f.field);
      expect(champs, mauvais).toEqual([
        'controles[0].aopIgp',
        'controles[0].operateur',
        'controles[0].auditeur',
        'controles[0].manquements[0].point',
        'controles[0].manquementsExistant[0].manquement',
      ]);
    }
  });

  it('path, query and header ids: 1e3, 0x10, 1.0 are refused, never read as another id', async () => {
    const [pm] = await lignes(
      ctx.database.db,
      sql`select min(id)::text as id from personne_morale where id >= 1000`,
      z.object({ id: colonne.texte.nullable() }),
    );
    const mille = Number(pm?.id ?? 1000);
    const notation = mille.toExponential().replace('+', '');
    for (const url of [
      `/api/fiche/morale/${notation}`,
      '/api/fiche/morale/0x10',
      '/api/fiche/morale/1.0',
      '/api/fichier/1e3',
      '/api/fichier/12345678901234567890',
      '/api/organisme/1e0/logo',
      `/api/habilitation?aop=1e0`,
    ]) {
      const res = await ctx.app.inject({ url, headers: cnaol });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    const droit = await ctx.app.inject({
      url: '/api/principal',
      headers: { ...cnaol, 'x-droit-actif': `${cnaol['x-droit-actif'] ?? ''}e0` },
    });
    expect(droit.statusCode).toBe(403);
  });
});

describe('a NUL in an uploaded file name', () => {
  // A lone surrogate cannot arrive here: busboy decodes a name as UTF-8, which has none.
  const nomsHostiles = ['rapport\u0000.pdf', '\u0000'];

  it('a form (DI, reference document) answers 400 naming the part, and stores nothing', async () => {
    const o = await operateur();
    const avant = await nbFichiers();
    for (const nom of nomsHostiles) {
      const corps = multipart([
        {
          name: 'data',
          content: JSON.stringify({
            personneMoraleId: o.pm,
            aopIgpId: o.aopIgpId,
            activiteId: o.activites[0],
            statut: 'EN_ATTENTE',
          }),
        },
        { name: 'document', filename: nom, content: PDF },
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/habilitation',
        headers: { ...animateur, ...corps.headers },
        payload: corps.payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Nom de fichier invalide',
        fieldErrors: [{ field: 'document' }],
      });
    }
    expect(await nbFichiers()).toBe(avant);
  });

  it('the push judges such a file alone: never a 500', async () => {
    const doc = await premierControle(ctx.app, controleur);
    const aop = (doc.aopIgp as { id: string }).id;
    const { res } = await pousser(ctx.app, controleur, { controles: [saisie(doc, 'nom-nul')] }, [
      { nom: `${doc.id}__${aop}__RAPPORT_AUDIT\u0000.pdf`, contenu: PDF },
    ]);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});
