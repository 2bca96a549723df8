import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { colonne, lignes as lignesDe } from '../../db/lignes';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';
import { multipart } from '../synchro/synchro.test-helpers';
import { pdfSimple } from '../../demo/fichiers-demo';

/** The directory's other spec paths: oc, odg/{id}, contact search, sous-profil, document, DI. */
let ctx: TestContext;
let animateur: string;
let controleur: string;
let odg: number;
let aop: string;
beforeAll(async () => {
  ctx = await createTestApp();
  animateur = (await login(ctx.app, 'animateur@estive.test')).accessToken;
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
  // A missing row fails the setup with its reason, rather than running the cases on '' and 0.
  aop = premier((await get('/api/aop-igp')).json<{ id: string }[]>(), 'AOP-IGP').id;
  odg = premier(
    await lignes(
      sql`select odg_id::int as odg from aop_igp where id = ${aop}`,
      z.object({ odg: colonne.entier }),
    ),
    `ODG de l'AOP-IGP ${aop}`,
  ).odg;
});
afterAll(() => ctx.close());

const get = (url: string, jeton = animateur) => ctx.app.inject({ url, headers: bearer(jeton) });
const lignes = <S extends z.ZodType>(q: SQL, schema: S) => lignesDe(ctx.database.db, q, schema);
async function envoyer(url: string, data: object, document?: Buffer) {
  const corps = multipart([
    { name: 'data', content: JSON.stringify(data) },
    ...(document ? [{ name: 'document', filename: 'DI à signer.pdf', content: document }] : []),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(animateur), ...corps.headers },
    payload: corps.payload,
  });
}

describe('organisations', () => {
  it("odg/{id} answers the active ODG only; oc lists the certifying bodies of the ODG's labels", async () => {
    const moi = await get(`/api/personne-morale/odg/${odg}`);
    expect(moi.statusCode).toBe(200);
    const identite = moi.json<{ id: string; type: string }>();
    expect(identite.id).toBe(String(odg));
    expect(identite.type).toMatch(/^ODG/);
    const [autre] = await lignes(
      sql`select id from organisme where id <> ${odg} order by id limit 1`,
      z.object({ id: colonne.entier }),
    );
    expect((await get(`/api/personne-morale/odg/${autre?.id}`)).statusCode).toBe(404);
    expect((await get(`/api/personne-morale/odg/${odg}`, controleur)).statusCode).toBe(403);

    const attendus = await lignes(
      sql`select o.id::text as id from organisme_certificateur oc join organisme o on o.id = oc.organisme_id
          where oc.odg_id = ${odg} and o.type = 'OC' order by o.raison_sociale, o.id`,
      z.object({ id: colonne.texte }),
    );
    const oc = (await get('/api/personne-morale/oc')).json<{ id: string; type: string }[]>();
    expect(oc.map((o) => o.id)).toEqual(attendus.map((a) => a.id));
    expect(oc.every((o) => o.type === 'OC')).toBe(true);
  });
});

describe('contact search', () => {
  it('finds a person of the perimeter by name and first name in either order, without accents', async () => {
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/personne-physique',
      headers: bearer(animateur),
      payload: { nom: 'Jeunet-Ravière', prenom: 'Éloïse', mail: 'eloise@exemple.fr' },
    });
    const id = r.json<{ id: string }>().id;
    for (const q of ['eloise jeunet', 'RAVIERE', 'Jeunet-Ravière Éloïse']) {
      const trouves = (
        await get(`/api/contact/physique/recherche?q=${encodeURIComponent(q)}`)
      ).json<{ id: string }[]>();
      expect(
        trouves.map((t) => t.id),
        q,
      ).toContain(id);
    }
    const [etranger] = await lignes(
      sql`select nom from personne_physique pp where pp.organisme_id <> ${odg} and not exists
          (select 1 from utilisateur u join droit d on d.utilisateur_id = u.id
           where u.personne_physique_id = pp.id and d.organisme_id = ${odg}) order by id limit 1`,
      z.object({ nom: colonne.texte }),
    );
    if (etranger) {
      const trouves = (
        await get(`/api/contact/physique/recherche?q=${encodeURIComponent(etranger.nom)}`)
      ).json<{ nom: string }[]>();
      const [compte] = await lignes(
        sql`select count(*)::int as n from personne_physique pp where pp.nom = ${etranger.nom}
            and (pp.organisme_id = ${odg} or exists (select 1 from utilisateur u join droit d
            on d.utilisateur_id = u.id where u.personne_physique_id = pp.id and d.organisme_id = ${odg}))`,
        z.object({ n: colonne.entier }),
      );
      expect(trouves.filter((t) => t.nom === etranger.nom)).toHaveLength(compte?.n ?? 0);
    }
  });
});

describe('habilitation annexes', () => {
  it("sous-profil: the category's activities the label offers; another ODG's label is 404", async () => {
    // The demo seeds no category × activity matrix: the ODG's gets one offered activity and one
    // the label does not offer (which the answer must leave out).
    const [cat] = await lignes(
      sql`select id::int as id from categorie order by id limit 1`,
      z.object({ id: colonne.entier }),
    );
    await ctx.database.db.execute(
      sql`insert into categorie_activite (categorie_id, activite_id, organisme_id)
          (select ${cat?.id}::bigint, x.activite_id, ${odg}::bigint from activite_aop x where x.aop_igp_id = ${aop} order by x.activite_id limit 1)
          union all
          (select ${cat?.id}::bigint, a.id, ${odg}::bigint from activite a where a.id not in
             (select activite_id from activite_aop where aop_igp_id = ${aop}) order by a.id limit 1)`,
    );
    const attendus = await lignes(
      sql`select distinct a.id, a.libelle from categorie_activite ca
          join activite a on a.id = ca.activite_id
          join activite_aop x on x.activite_id = a.id and x.aop_igp_id = ${aop}
          where ca.categorie_id = ${cat?.id} and ca.organisme_id = ${odg} order by a.libelle, a.id`,
      z.object({ id: colonne.entier }),
    );
    expect(attendus).toHaveLength(1);
    const r = await get(`/api/habilitation/sous-profil/${cat?.id}/aop/${aop}`);
    expect(r.statusCode).toBe(200);
    expect(r.json<{ id: string }[]>().map((a) => a.id)).toEqual(attendus.map((a) => String(a.id)));
    const [autreAop] = await lignes(
      sql`select id from aop_igp where odg_id <> ${odg} order by id limit 1`,
      z.object({ id: colonne.entier }),
    );
    expect(
      (await get(`/api/habilitation/sous-profil/${cat?.id}/aop/${autreAop?.id}`)).statusCode,
    ).toBe(404);
  });

  it('demande-identification: one DI for two activities, each habilitation EN_ATTENTE with the file, served by document/{a}/{b}/{c}', async () => {
    const op = await ctx.app.inject({
      method: 'POST',
      url: '/api/personne-morale',
      headers: bearer(animateur),
      payload: { raisonSociale: 'GAEC de la DI', siret: '55566677788899' },
    });
    const pm = op.json<{ id: string }>().id;
    const activites = (await get('/api/activiteAopIgp'))
      .json<{ aopIgpId: string; id: string }[]>()
      .filter((a) => a.aopIgpId === aop)
      .slice(0, 2)
      .map((a) => a.id);
    expect(activites).toHaveLength(2);
    const pdf = pdfSimple(['demande d’identification']);
    const vide = await envoyer('/api/habilitation/demande-identification', {
      personneMoraleId: pm,
      aopIgpId: aop,
      activiteIds: [],
      dateDi: '2026-11-02',
    });
    expect(vide.statusCode).toBe(400);
    expect(vide.json()).toMatchObject({
      fieldErrors: [{ field: 'activiteIds', defaultMessage: 'Ce champ est obligatoire' }],
    });
    const r = await envoyer(
      '/api/habilitation/demande-identification',
      { personneMoraleId: pm, aopIgpId: aop, activiteIds: activites, dateDi: '2026-11-02' },
      pdf,
    );
    expect(r.statusCode, r.body).toBe(201);
    const ids = r.json<{ ids: string[] }>().ids;
    expect(ids).toHaveLength(2);
    const fiche = (await get(`/api/fiche/morale/${pm}`)).json<{
      habilitations: { statut: string; dateDi: string; fichiers: { id: string }[] }[];
    }>();
    expect(fiche.habilitations).toHaveLength(2);
    for (const h of fiche.habilitations) {
      expect(h).toMatchObject({ statut: 'EN_ATTENTE', dateDi: '2026-11-02' });
      expect(h.fichiers).toHaveLength(1);
    }
    const fichierId = fiche.habilitations[0]?.fichiers[0]?.id;
    const doc = await get(`/api/habilitation/document/${pm}/${aop}/${fichierId}`);
    expect(doc.statusCode).toBe(200);
    expect(doc.rawPayload.equals(pdf)).toBe(true);
    expect(doc.headers['content-type']).toContain('application/pdf');
    const [autreAop] = await lignes(
      sql`select id from aop_igp where odg_id = ${odg} and id <> ${aop} order by id limit 1`,
      z.object({ id: colonne.entier }),
    );
    expect(
      (await get(`/api/habilitation/document/${pm}/${autreAop?.id ?? 987654}/${fichierId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/habilitation/document/${pm}/${aop}/${fichierId}`, controleur)).statusCode,
    ).toBe(403);
    // An activity the label does not offer: nothing is written.
    const [horsLabel] = await lignes(
      sql`select id from activite where id not in (select activite_id from activite_aop where aop_igp_id = ${aop}) order by id limit 1`,
      z.object({ id: colonne.entier }),
    );
    if (horsLabel) {
      const refus = await envoyer('/api/habilitation/demande-identification', {
        personneMoraleId: pm,
        aopIgpId: aop,
        activiteIds: [horsLabel.id],
        dateDi: '2026-11-03',
      });
      expect(refus.statusCode).toBe(404);
    }
  });
});
