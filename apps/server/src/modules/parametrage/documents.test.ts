import { describe, expect, it } from 'vitest';
import type { GrilleParametrage } from '@estive/contracts';
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
