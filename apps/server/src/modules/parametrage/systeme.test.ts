import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GrilleParametrage, SystemeParametrage } from '@estive/contracts';
import { z } from 'zod';
import { grilleSchema, type Grille } from '@estive/domain';
import { colonne, premiereLigne } from '../../db/lignes';
import { premier } from '../../test/test-app';
import { toutTirer } from '../synchro/synchro.test-helpers';
import {
  animateur,
  appel,
  cnaol,
  controleur,
  ctx,
  droitCnaolAuvergne,
  droitCnaolComte,
  droitComte,
  suiteParametrage,
} from './parametrage.test-helpers';

suiteParametrage();

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
  const erreurFormule = (res: Awaited<ReturnType<typeof ligne>>) =>
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
          'Opérateur « * » inattendu à la position 7 : un code, un nombre ou une parenthèse ouvrante est attendu',
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
    expect(erreurFormule(archive)).toEqual([
      {
        field: 'archive',
        defaultMessage:
          'Cette ligne est lue par la formule de la ligne ap3 : elle ne peut pas être archivée',
      },
    ]);
    // ap3 is read by nobody: it goes.
    expect(
      (await appel('DELETE', `/api/point-controle/systeme/point/${ap3}`, animateur, droitComte))
        .statusCode,
    ).toBe(204);
  });

  it('a formula reading an archived line says the line is archived, not unknown', async () => {
    const ancienne = await ligne('ap20', null);
    expect(ancienne.statusCode, ancienne.body).toBe(200);
    const id = ancienne.json<{ id: string }>().id;
    const chemin = `/api/point-controle/systeme/point/${id}`;
    expect(
      (await appel('PATCH', chemin, animateur, droitComte, { archive: true })).statusCode,
    ).toBe(200);
    const lit = await ligne('ap21', '(ap20 + ap1) / 2');
    expect(lit.statusCode).toBe(400);
    expect(erreurFormule(lit)).toEqual([
      {
        field: 'formule',
        defaultMessage:
          "La ligne ap20 est archivée : une formule ne peut pas la lire ; désarchivez-la d'abord",
      },
    ]);
    // Unarchived, the same formula is accepted.
    expect(
      (await appel('PATCH', chemin, animateur, droitComte, { archive: false })).statusCode,
    ).toBe(200);
    expect((await ligne('ap21', '(ap20 + ap1) / 2')).statusCode).toBe(200);
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
    const signe = await premiereLigne(
      ctx.database.db,
      sql`update controle set statut = 'REALISE', resultat = 'CONFORME'
           where id = (select c.id from controle c join utilisateur u on u.id = c.controleur_id
                        where u.login = 'controleur@estive.test' and c.grille is not null
                        order by c.id limit 1)
       returning id::text as id, grille, version`,
      z.object({ id: colonne.texte, grille: grilleSchema, version: colonne.entier }),
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
    const apres = await premiereLigne(
      ctx.database.db,
      sql`select version from controle where id = ${Number(signe.id)}`,
      z.object({ version: colonne.entier }),
    );
    expect(apres?.version).toBe(signe.version);
  });
});
