import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campagne, GrilleParametrage, SystemeParametrage } from '@estive/contracts';
import type { Grille } from '@estive/domain';
import { queryRows } from '../../db/client';
import { bearer, createTestApp, login, premier, type TestContext } from '../../test/test-app';
import { multipart, toutTirer } from '../synchro/synchro.test-helpers';

let ctx: TestContext;
let cnaol: string;
let animateur: string;
let controleur: string;
/** The animator's rights: Comté (ODG) and Auvergne (ODG_REFERENTE). */
let droitComte: string;
let droitAuvergne: string;
let droitCnaolComte: string;
let droitCnaolAuvergne: string;

type Methode = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const appel = (methode: Methode, url: string, token: string, droit?: string, payload?: object) =>
  ctx.app.inject({ method: methode, url, headers: bearer(token, droit), payload });

async function droit(login: string, odg: 'comte' | 'auvergne') {
  const [d] = await queryRows<{ id: string }>(
    ctx.database.db,
    sql`select d.id::text as id from droit d join organisme o on o.id = d.organisme_id
         join utilisateur u on u.id = d.utilisateur_id
        where u.login = ${login} and o.mail = ${`contact@${odg}.odg.test`}`,
  );
  if (!d) throw new Error(`${login} ${odg}`);
  return d.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ accessToken: cnaol } = await login(ctx.app, 'cnaol@estive.test'));
  ({ accessToken: animateur } = await login(ctx.app, 'animateur@estive.test'));
  ({ accessToken: controleur } = await login(ctx.app, 'controleur@estive.test'));
  droitComte = await droit('animateur@estive.test', 'comte');
  droitAuvergne = await droit('animateur@estive.test', 'auvergne');
  droitCnaolComte = await droit('cnaol@estive.test', 'comte');
  droitCnaolAuvergne = await droit('cnaol@estive.test', 'auvergne');
}, 60_000);
afterAll(() => ctx.close());

describe('campaigns (/api/campagne)', () => {
  it('CNAOL creates the current campaign of the active ODG; the former current one loses the flag', async () => {
    const avant = (await appel('GET', '/api/campagne', cnaol, droitCnaolComte)).json<Campagne[]>();
    expect(avant.filter((k) => k.courante)).toHaveLength(1);
    const res = await appel('POST', '/api/campagne', cnaol, droitCnaolComte, {
      libelle: 'Campagne 2031',
      debut: '2031-01-01',
      fin: '2031-12-31',
      courante: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const creee = res.json<Campagne>();
    expect(creee).toMatchObject({ libelle: 'Campagne 2031', courante: true, tournees: 0 });
    const apres = (await appel('GET', '/api/campagne', cnaol, droitCnaolComte)).json<Campagne[]>();
    expect(apres.filter((k) => k.courante).map((k) => k.id)).toEqual([creee.id]);
    expect(premier(apres).id).toBe(creee.id);
    // Another ODG's list does not show it, and its current campaign is untouched.
    const auvergne = (await appel('GET', '/api/campagne', cnaol, droitCnaolAuvergne)).json<
      Campagne[]
    >();
    expect(auvergne.some((k) => k.id === creee.id)).toBe(false);
    expect(auvergne.filter((k) => k.courante)).toHaveLength(1);

    // A round created without a campaign is filed under the ODG's current one (trigger).
    const [t] = await queryRows<{ campagne: string }>(
      ctx.database.db,
      sql`insert into tournee (odg_id, debut, fin, statut)
          select o.id, '2031-03-02', '2031-03-06', 'PREPARATION' from organisme o
           where o.mail = 'contact@comte.odg.test' returning campagne_id::text as campagne`,
    );
    expect(t?.campagne).toBe(creee.id);
    const compte = (await appel('GET', '/api/campagne', cnaol, droitCnaolComte)).json<Campagne[]>();
    expect(compte.find((k) => k.id === creee.id)?.tournees).toBe(1);
  });

  it('refuses an end before the start with a French field error; PATCH keeps one current', async () => {
    const res = await appel('POST', '/api/campagne', animateur, droitComte, {
      libelle: 'Campagne à l’envers',
      debut: '2032-12-31',
      fin: '2032-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fieldErrors: [
        { field: 'fin', defaultMessage: 'La date de fin doit être postérieure à la date de début' },
      ],
    });
    const vide = await appel('POST', '/api/campagne', animateur, droitComte, {
      libelle: '  ',
      debut: '2032-01-01',
      fin: '2032-12-31',
    });
    expect(vide.statusCode).toBe(400);
    expect(
      vide.json<{ fieldErrors: { field: string; defaultMessage: string }[] }>().fieldErrors,
    ).toContainEqual({
      field: 'libelle',
      defaultMessage: 'Ce champ est obligatoire',
    });

    const liste = (await appel('GET', '/api/campagne', animateur, droitComte)).json<Campagne[]>();
    const ancienne = premier(liste.filter((k) => !k.courante));
    const patch = await appel('PATCH', `/api/campagne/${ancienne.id}`, animateur, droitComte, {
      courante: true,
      libelle: 'Campagne reprise',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const apres = (await appel('GET', '/api/campagne', animateur, droitComte)).json<Campagne[]>();
    expect(apres.filter((k) => k.courante).map((k) => k.libelle)).toEqual(['Campagne reprise']);
    const finAvant = await appel('PATCH', `/api/campagne/${ancienne.id}`, animateur, droitComte, {
      fin: '1999-01-01',
    });
    expect(finAvant.statusCode).toBe(400);
  });

  it('is refused to a controller, to an animator under an ODG_REFERENTE right, and across ODGs', async () => {
    expect((await appel('GET', '/api/campagne', controleur)).statusCode).toBe(403);
    expect((await appel('GET', '/api/campagne', animateur, droitAuvergne)).statusCode).toBe(403);
    const auvergne = (await appel('GET', '/api/campagne', cnaol, droitCnaolAuvergne)).json<
      Campagne[]
    >();
    const etrangere = premier(auvergne);
    const res = await appel('PATCH', `/api/campagne/${etrangere.id}`, animateur, droitComte, {
      libelle: 'Piratée',
    });
    expect(res.statusCode).toBe(404);
    const [k] = await queryRows<{ libelle: string }>(
      ctx.database.db,
      sql`select libelle from campagne where id = ${Number(etrangere.id)}`,
    );
    expect(k?.libelle).toBe(etrangere.libelle);
  });
});

async function systeme(token: string, droitActif?: string) {
  return (
    await appel('GET', '/api/point-controle/systeme', token, droitActif)
  ).json<SystemeParametrage>();
}

describe('exploitation system (/api/point-controle/systeme)', () => {
  let groupeId: string;
  let aopId: string;

  beforeAll(async () => {
    const grille = (
      await appel('GET', '/api/point-controle', animateur, droitComte)
    ).json<GrilleParametrage>();
    aopId = premier(grille.aopIgps).id;
    const g = await appel('POST', '/api/point-controle/systeme/groupe', animateur, droitComte, {
      libelle: 'Bilan fourrager du paramétrage',
      aopIgpIds: [aopId],
    });
    expect(g.statusCode, g.body).toBe(200);
    groupeId = g.json<{ id: string }>().id;
  });

  const ligne = (code: string, formule: string | null, extra: object = {}) =>
    appel('POST', '/api/point-controle/systeme/point', animateur, droitComte, {
      groupeSystemeExploitationId: groupeId,
      code,
      libelle: `Ligne ${code}`,
      formule,
      unite: 'ha',
      dec: 2,
      ...extra,
    });
  const erreurFormule = (res: { json: <T>() => T }) =>
    res.json<{ fieldErrors: { field: string; defaultMessage: string }[] }>().fieldErrors;

  it('refuses a malformed formula, an unknown code and a loop with a French error on formule', async () => {
    expect((await ligne('ap1', null)).statusCode).toBe(200);
    expect((await ligne('ap2', null)).statusCode).toBe(200);

    const malformee = await ligne('ap3', 'ap1 + * ap2');
    expect(malformee.statusCode).toBe(400);
    expect(erreurFormule(malformee)).toEqual([
      {
        field: 'formule',
        defaultMessage:
          'La formule présente une erreur au caractère 7 : seuls les codes (a1, a2…), les nombres, + - * / et les parenthèses sont admis',
      },
    ]);
    const inconnue = await ligne('ap3', 'ap1 / ap9');
    expect(inconnue.statusCode).toBe(400);
    expect(erreurFormule(inconnue)).toEqual([
      {
        field: 'formule',
        defaultMessage: "Le code ap9 n'est pas présent dans le système d'exploitation",
      },
    ]);
    const valide = await ligne('ap3', 'ap1 / ap2');
    expect(valide.statusCode, valide.body).toBe(200);
    const ap3 = valide.json<{ id: string }>().id;

    // ap1 = ap3 * 2 would loop: ap1 → ap3 → ap1.
    const lignes =
      (await systeme(animateur, droitComte)).groupes.find((g) => g.id === groupeId)?.points ?? [];
    const ap1 = premier(lignes.filter((l) => l.code === 'ap1'));
    const boucle = await appel(
      'PATCH',
      `/api/point-controle/systeme/point/${ap1.id}`,
      animateur,
      droitComte,
      {
        formule: 'ap3 * 2',
      },
    );
    expect(boucle.statusCode).toBe(400);
    expect(erreurFormule(boucle)).toEqual([
      { field: 'formule', defaultMessage: 'La formule forme une boucle : ap1 → ap3 → ap1' },
    ]);
    // Nothing was written by the refused calls.
    const apres =
      (await systeme(animateur, droitComte)).groupes.find((g) => g.id === groupeId)?.points ?? [];
    expect(apres.map((l) => [l.code, l.formule])).toEqual([
      ['ap1', null],
      ['ap2', null],
      ['ap3', 'ap1 / ap2'],
    ]);
    // ap1 is read by ap3: it can be neither deleted nor archived, nor renamed.
    expect(apres.find((l) => l.code === 'ap1')?.utilise).toBe(true);
    expect(
      (await appel('DELETE', `/api/point-controle/systeme/point/${ap1.id}`, animateur, droitComte))
        .statusCode,
    ).toBe(409);
    const archive = await appel(
      'PATCH',
      `/api/point-controle/systeme/point/${ap1.id}`,
      animateur,
      droitComte,
      {
        archive: true,
      },
    );
    expect(archive.statusCode).toBe(400);
    // ap3 is read by nobody: it goes.
    expect(
      (await appel('DELETE', `/api/point-controle/systeme/point/${ap3}`, animateur, droitComte))
        .statusCode,
    ).toBe(204);
  });

  it('refuses a duplicate code, a line code not starting with a, and a group of another ODG', async () => {
    expect(erreurFormule(await ligne('AP1', null))).toEqual([
      { field: 'code', defaultMessage: "Ce code est déjà utilisé dans le système d'exploitation" },
    ]);
    expect((await ligne('x1', null)).statusCode).toBe(400);
    const auvergne = await systeme(cnaol, droitCnaolAuvergne);
    const etranger = premier(auvergne.groupes);
    const res = await ligne('ap7', null, { groupeSystemeExploitationId: etranger.id });
    expect(res.statusCode).toBe(400);
    expect(erreurFormule(res)).toEqual([
      {
        field: 'groupeSystemeExploitationId',
        defaultMessage: "Ce groupe n'est pas dans votre périmètre",
      },
    ]);
    const groupeEtranger = await appel(
      'POST',
      '/api/point-controle/systeme/groupe',
      animateur,
      droitComte,
      {
        libelle: 'Hors périmètre',
        aopIgpIds: [premier(etranger.aopIgpIds)],
      },
    );
    expect(groupeEtranger.statusCode).toBe(400);
  });

  it("a new line and a new threshold reach the controller's device at its next pull", async () => {
    const points0 = await toutTirer(ctx.app, controleur, 'pointsysexp');
    const liens0 = await toutTirer(ctx.app, controleur, 'point-controle-aop');
    const ligneCreee = await ligne('ap10', 'ap1 * 10');
    expect(ligneCreee.statusCode, ligneCreee.body).toBe(200);
    const grille = (
      await appel('GET', '/api/point-controle', animateur, droitComte)
    ).json<GrilleParametrage>();
    const point = premier(
      grille.points.filter(
        (p) => p.source !== 'CONSTAT' && p.aops.some((a) => a.aopIgpId === aopId),
      ),
    );
    const seuil = {
      grave: { operateur: '>', valeur: 3 },
      majeur: { operateur: '>', valeur: 2 },
      mineur: { operateur: '>', valeur: 1.4 },
    };
    const lien = await appel(
      'PUT',
      `/api/point-controle/${point.id}/aop/${aopId}`,
      animateur,
      droitComte,
      {
        seuil,
        gravite: null,
        pointSystemeExploitationId: ligneCreee.json<{ id: string }>().id,
      },
    );
    expect(lien.statusCode, lien.body).toBe(200);

    const points1 = await toutTirer(ctx.app, controleur, 'pointsysexp', points0.checkpoint);
    expect(points1.documents.map((d) => [d.code, d.formule])).toContainEqual(['ap10', 'ap1 * 10']);
    const liens1 = await toutTirer(ctx.app, controleur, 'point-controle-aop', liens0.checkpoint);
    expect(liens1.documents).toContainEqual(
      expect.objectContaining({ pointControleId: point.id, aopIgpId: aopId, seuil }),
    );
  });

  it('keeps the grid of a signed control as it was signed', async () => {
    // A control of the demo controller that carries its grid, then finalised (signed report).
    const [signe] = await queryRows<{ id: string; grille: Grille; version: number }>(
      ctx.database.db,
      sql`update controle set statut = 'REALISE', resultat = 'CONFORME'
           where id = (select c.id from controle c join utilisateur u on u.id = c.controleur_id
                        where u.login = 'controleur@estive.test' and c.grille is not null
                        order by c.id limit 1)
       returning id::text as id, grille, version`,
    );
    if (!signe) throw new Error('aucun contrôle avec sa grille dans la démo');
    const point = premier(premier(signe.grille.categories).points);
    const entree = premier(point.aops);
    const nouveau = { grave: { operateur: '>=', valeur: 99 }, majeur: null, mineur: null };
    expect(entree.seuil).not.toEqual(nouveau);
    const r = await appel(
      'PUT',
      `/api/point-controle/${point.id}/aop/${entree.aopIgpId}`,
      cnaol,
      droitCnaolComte,
      { seuil: nouveau },
    );
    expect(r.statusCode, r.body).toBe(200);
    // The device's reference data changes; the signed control, its grid and version do not.
    const liens = await toutTirer(ctx.app, controleur, 'point-controle-aop');
    expect(liens.documents).toContainEqual(
      expect.objectContaining({
        pointControleId: point.id,
        aopIgpId: entree.aopIgpId,
        seuil: nouveau,
      }),
    );
    const controles = await toutTirer(ctx.app, controleur, 'controle', undefined, 10);
    const recu = controles.documents.find((d) => d.id === signe.id) as
      { grille: Grille } | undefined;
    expect(recu?.grille.categories[0]?.points[0]?.aops[0]?.seuil).toEqual(entree.seuil);
    const [apres] = await queryRows<{ version: number }>(
      ctx.database.db,
      sql`select version from controle where id = ${Number(signe.id)}`,
    );
    expect(apres?.version).toBe(signe.version);
  });
});

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

describe("reference documents (/api/referentiel: cahier des charges, plan d'inspection)", () => {
  const envoyer = (id: string, contenu: Buffer, droitActif = droitComte, token = animateur) => {
    const corps = multipart([{ name: 'document', filename: 'cdc.pdf', content: contenu }]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/referentiel/${id}/document`,
      headers: { ...bearer(token, droitActif), ...corps.headers },
      payload: corps.payload,
    });
  };

  it('creates a version with its validity and file; refuses a file over 5,000,000 bytes with the spec message', async () => {
    const grille = (
      await appel('GET', '/api/point-controle', animateur, droitComte)
    ).json<GrilleParametrage>();
    const aop = premier(grille.aopIgps);
    const res = await appel('POST', '/api/referentiel', animateur, droitComte, {
      aopIgpId: aop.id,
      libelle: `Cahier des charges ${aop.libelle}`,
      typeDocument: 'CAHIER_DES_CHARGES',
      versionDocument: '2024-3',
      debutValidite: '2024-06-01',
      finValidite: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json<{ id: string; fichier: unknown; actif: boolean }>();
    expect(doc).toMatchObject({
      versionDocument: '2024-3',
      debutValidite: '2024-06-01',
      actif: true,
      fichier: null,
    });

    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(1000, 0x20),
      Buffer.from('%%EOF'),
    ]);
    const joint = await envoyer(doc.id, pdf);
    expect(joint.statusCode, joint.body).toBe(200);
    expect(joint.json()).toMatchObject({ fichier: { fileName: 'cdc.pdf', taille: pdf.length } });
    const lu = await appel('GET', `/api/referentiel/${doc.id}/document`, animateur, droitComte);
    expect(lu.statusCode).toBe(200);
    expect(lu.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(lu.rawPayload).equals(pdf)).toBe(true);

    const gros = await envoyer(
      doc.id,
      Buffer.concat([pdf, Buffer.alloc(5_000_001 - pdf.length, 0x20)]),
    );
    expect(gros.statusCode).toBe(413);
    expect(gros.json<{ message: string }>().message).toBe('Le fichier est trop gros (max 5Mo)');
    const pile = await envoyer(
      doc.id,
      Buffer.concat([pdf, Buffer.alloc(5_000_000 - pdf.length, 0x20)]),
    );
    expect(pile.statusCode, pile.body).toBe(200);

    // Dates the wrong way round; switched off (the device's feed then says actif false).
    const dates = await appel('PATCH', `/api/referentiel/${doc.id}`, animateur, droitComte, {
      finValidite: '2020-01-01',
    });
    expect(dates.statusCode).toBe(400);
    const avant = await toutTirer(ctx.app, controleur, 'referentiels');
    const off = await appel('PATCH', `/api/referentiel/${doc.id}`, animateur, droitComte, {
      actif: false,
    });
    expect(off.json()).toMatchObject({ actif: false });
    const apres = await toutTirer(ctx.app, controleur, 'referentiels', avant.checkpoint);
    expect(apres.documents).toContainEqual(expect.objectContaining({ id: doc.id, actif: false }));

    // Another ODG, or an animator under an ODG_REFERENTE right: no access.
    expect((await envoyer(doc.id, pdf, droitCnaolAuvergne, cnaol)).statusCode).toBe(404);
    expect(
      (await appel('GET', `/api/referentiel/${doc.id}/document`, animateur, droitAuvergne))
        .statusCode,
    ).toBe(403);
    expect((await appel('GET', '/api/referentiel', controleur)).statusCode).toBe(403);
  });
});
