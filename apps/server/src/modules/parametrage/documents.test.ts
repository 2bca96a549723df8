import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GrilleParametrage } from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne } from '../../db/lignes';
import { pdfSimple } from '../../demo/fichiers-demo';
import { MESSAGE_TYPE_FICHIER_REFUSE } from '../../lib/type-fichier';
import { bearer, premier } from '../../test/test-app';
import { multipart, toutTirer } from '../synchro/synchro.test-helpers';
import {
  animateur,
  appel,
  cnaol,
  controleur,
  ctx,
  droitAuvergne,
  droitCnaolAuvergne,
  droitComte,
  suiteParametrage,
} from './parametrage.test-helpers';

suiteParametrage();

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

    const pdf = pdfSimple(['Cahier des charges']);
    // A PDF of `taille` bytes: blank lines after its header (a reader scans its objects).
    const pdfDe = (taille: number) =>
      Buffer.concat([pdf.subarray(0, 9), Buffer.alloc(taille - pdf.length, 0x0a), pdf.subarray(9)]);
    const joint = await envoyer(doc.id, pdf);
    expect(joint.statusCode, joint.body).toBe(200);
    expect(joint.json()).toMatchObject({ fichier: { fileName: 'cdc.pdf', taille: pdf.length } });
    const lu = await appel('GET', `/api/referentiel/${doc.id}/document`, animateur, droitComte);
    expect(lu.statusCode).toBe(200);
    expect(lu.headers['content-type']).toBe('application/pdf');
    // An uploaded file is a download, never opened in our origin (issue 28 item 7).
    expect(lu.headers['content-disposition']).toBe(
      `attachment; filename="cdc.pdf"; filename*=UTF-8''cdc.pdf`,
    );
    expect(Buffer.from(lu.rawPayload).equals(pdf)).toBe(true);

    const gros = await envoyer(doc.id, pdfDe(5_000_001));
    expect(gros.statusCode).toBe(413);
    expect(gros.json<{ message: string }>().message).toBe('Le fichier est trop gros (max 5Mo)');
    const pile = await envoyer(doc.id, pdfDe(5_000_000));
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

  it('a fake PDF is refused with the French message; a refused creation leaves no row', async () => {
    const aop = premier(
      (await appel('GET', '/api/point-controle', animateur, droitComte)).json<GrilleParametrage>()
        .aopIgps,
    );
    const data = {
      aopIgpId: aop.id,
      libelle: 'Plan piégé',
      typeDocument: 'PLAN_INSPECTION',
      versionDocument: '1',
      debutValidite: null,
      finValidite: null,
    };
    const lignes = async () =>
      await ligne(
        ctx.database.db,
        sql`select (select count(*)::int from referentiel) as n, (select count(*)::int from fichier) as f`,
        z.object({ n: colonne.entier, f: colonne.entier }),
      );
    const creer = (contenu: Buffer) => {
      const corps = multipart([
        { name: 'data', content: JSON.stringify(data) },
        { name: 'document', filename: 'plan.pdf', content: contenu },
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/referentiel',
        headers: { ...bearer(animateur, droitComte), ...corps.headers },
        payload: corps.payload,
      });
    };
    const avant = await lignes();
    // Before: the office created the row, then its upload got 415, and the row stayed active.
    const faux = Buffer.from(
      '%PDF-1.7\n<html><script>alert(document.cookie)</script></html>\n%%EOF',
    );
    const refus = await creer(faux);
    expect(refus.statusCode).toBe(415);
    expect(refus.json<{ message: string }>().message).toBe(MESSAGE_TYPE_FICHIER_REFUSE);
    expect(MESSAGE_TYPE_FICHIER_REFUSE).toBe(
      'Type de fichier non accepté : seuls les fichiers PDF, PNG ou JPEG sont acceptés',
    );
    expect(await lignes()).toEqual(avant);

    // The same form with a real PDF: the row and its file, together.
    const ok = await creer(pdfSimple(['Plan']));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      libelle: 'Plan piégé',
      actif: true,
      fichier: { fileName: 'plan.pdf' },
    });
    expect(await lignes()).toEqual({ n: avant.n + 1, f: avant.f + 1 });

    // Joining a fake PDF to an existing document: 415, the document keeps what it had.
    const id = ok.json<{ id: string }>().id;
    const joint = await envoyer(id, faux);
    expect(joint.statusCode).toBe(415);
    expect(await lignes()).toEqual({ n: avant.n + 1, f: avant.f + 1 });
  });

  it('a replaced file leaves no orphan; a deleted document leaves the list, its file and devices', async () => {
    const aop = premier(
      (await appel('GET', '/api/point-controle', animateur, droitComte)).json<GrilleParametrage>()
        .aopIgps,
    );
    const cree = await appel('POST', '/api/referentiel', animateur, droitComte, {
      aopIgpId: aop.id,
      libelle: 'Plan de contrôle à remplacer',
      typeDocument: 'PLAN_INSPECTION',
    });
    const { id } = cree.json<{ id: string }>();
    const fichiers = async () =>
      (
        await ligne(
          ctx.database.db,
          sql`select count(*)::int as n from fichier`,
          z.object({ n: colonne.entier }),
        )
      ).n;
    const premierEnvoi = await envoyer(id, pdfSimple(['Version 1']));
    const avant = await fichiers();
    const remplace = await envoyer(id, pdfSimple(['Version 2']));
    expect(remplace.statusCode, remplace.body).toBe(200);
    expect(remplace.json<{ fichier: { id: string } }>().fichier.id).not.toBe(
      premierEnvoi.json<{ fichier: { id: string } }>().fichier.id,
    );
    expect(await fichiers()).toBe(avant);
    // Renamed and given a new version with the same PATCH.
    const renomme = await appel('PATCH', `/api/referentiel/${id}`, animateur, droitComte, {
      libelle: 'Plan de contrôle 2025',
      versionDocument: 'v2',
    });
    expect(renomme.json()).toMatchObject({
      libelle: 'Plan de contrôle 2025',
      versionDocument: 'v2',
    });

    // Another ODG, a controller: nothing deleted.
    expect(
      (await appel('DELETE', `/api/referentiel/${id}`, cnaol, droitCnaolAuvergne)).statusCode,
    ).toBe(404);
    expect((await appel('DELETE', `/api/referentiel/${id}`, controleur)).statusCode).toBe(403);

    const tire = await toutTirer(ctx.app, controleur, 'referentiels');
    const sup = await appel('DELETE', `/api/referentiel/${id}`, animateur, droitComte);
    expect(sup.statusCode).toBe(204);
    expect(await fichiers()).toBe(avant - 1);
    const liste = (await appel('GET', '/api/referentiel', animateur, droitComte)).json<
      { id: string }[]
    >();
    expect(liste.map((r) => r.id)).not.toContain(id);
    expect(
      (await appel('GET', `/api/referentiel/${id}/document`, animateur, droitComte)).statusCode,
    ).toBe(404);
    expect(
      (await appel('DELETE', `/api/referentiel/${id}`, animateur, droitComte)).statusCode,
    ).toBe(404);
    const apres = await toutTirer(ctx.app, controleur, 'referentiels', tire.checkpoint);
    expect(apres.documents).toContainEqual(expect.objectContaining({ id, _deleted: true }));
  });
});
