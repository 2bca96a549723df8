import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrilleParametrage, PushControlesResponse } from '@estive/contracts';
import { z } from 'zod';
import { colonne, ligne, lignes } from '../db/lignes';
import { MESSAGE_TYPE_FICHIER_REFUSE } from '../lib/type-fichier';
import { multipart as corpsImport } from '../modules/comptes/comptes.test-helpers';
import { pousser, premierControle, saisie } from '../modules/synchro/synchro.test-helpers';
import { bearer, premier } from './test-app';
import {
  PDF,
  animateur,
  cnaol,
  controleur,
  ctx,
  formulaire,
  json,
  nbFichiers,
  nbReferentiels,
  operateur,
  preparerTeleversements,
  routes,
} from './televersements.test-helpers';

/**
 * Issue 13 item 6: every route that takes a file (those of the route table whose OpenAPI says
 * `multipart/form-data`) refuses bytes that are not a PDF, a PNG or a JPEG, whatever name and
 * type the sender gives them: 415 in French and nothing stored (the push judges each file: REJETE,
 * the rest applied). What is stored is typed by its bytes and served as such, inline; a stored
 * file whose bytes are anything else is served as an opaque download. A route added later that
 * takes a file and is missing here fails the first test.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), PDF]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), PDF]);
const ACCEPTES: [string, Buffer, string][] = [
  ['PDF', PDF, 'application/pdf'],
  ['PNG named .pdf', PNG, 'image/png'],
  ['JPEG named .pdf', JPEG, 'image/jpeg'],
];
const REFUSES: [string, Buffer][] = [
  ['HTML named .pdf', Buffer.from('<html><script>alert(document.cookie)</script></html>')],
  ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
  ['ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00])],
  ['text whose PDF header comes late', Buffer.from(' %PDF-1.4 <script>alert(1)</script>')],
];
/**
 * Forms also parse a PDF (issue 28 item 7): a PDF header before an HTML page, or a cut PDF, is
 * refused. The push keeps its own rule (synchro module): its reports are checked by their header.
 */
const REFUSES_FORMULAIRE: [string, Buffer][] = [
  [
    'PDF header then HTML',
    Buffer.from('%PDF-1.7\n<html><script>alert(document.cookie)</script></html>\n%%EOF'),
  ],
  ['PDF cut short', PDF.subarray(0, PDF.length - 60)],
];

type Reponse = LightMyRequestResponse;
interface Envoi {
  res: Reponse;
  /** The stored file's id, once the answer says stored. */
  fichierId(): Promise<number>;
  /** Reads the stored file back where the route serves it. */
  lire(id: number): Promise<Reponse>;
}
interface Televersement {
  /** Sends `contenu` as the route's file part, named `document.pdf`, declared application/pdf. */
  envoyer(contenu: Buffer): Promise<Envoi>;
  /** A form answers 415; the push answers 200 and judges each file. */
  refus: 'formulaire' | 'push';
}

/** Numbers the reference documents this file creates. */
let numero = 0;
beforeAll(preparerTeleversements);
afterAll(() => ctx.close());

const fichierDe = (condition: ReturnType<typeof sql>) => async () =>
  Number(
    (
      await ligne(
        ctx.database.db,
        sql`select max(id) as id from fichier where ${condition}`,
        z.object({ id: colonne.entier.nullable() }),
      )
    ).id,
  );

/** The DI of an operator's habilitation, by the route that serves it. */
const documentDi = (pm: string, aop: string) => (id: number) =>
  ctx.app.inject({
    url: `/api/habilitation/document/${pm}/${aop}/${String(id)}`,
    headers: animateur,
  });

const TELEVERSEMENTS: Record<string, Televersement> = {
  'POST /api/habilitation': {
    refus: 'formulaire',
    async envoyer(contenu) {
      const { pm, aopIgpId, activites } = await operateur();
      const res = await formulaire(
        '/api/habilitation',
        { personneMoraleId: pm, aopIgpId, activiteId: activites[0], statut: 'VALIDEE' },
        contenu,
      );
      return {
        res,
        fichierId: fichierDe(sql`personne_morale_id = ${Number(pm)}`),
        lire: documentDi(pm, aopIgpId),
      };
    },
  },
  'POST /api/habilitation/modifie/:id': {
    refus: 'formulaire',
    async envoyer(contenu) {
      const { pm, aopIgpId, activites } = await operateur();
      const h = await json('POST', '/api/habilitation', {
        personneMoraleId: pm,
        aopIgpId,
        activiteId: activites[0],
        statut: 'EN_COURS',
      });
      expect(h.statusCode, h.body).toBe(201);
      const id = h.json<{ id: string }>().id;
      const res = await formulaire(
        `/api/habilitation/modifie/${id}`,
        { dateDi: '2026-11-20' },
        contenu,
      );
      return {
        res,
        fichierId: fichierDe(sql`habilitation_id = ${Number(id)}`),
        lire: documentDi(pm, aopIgpId),
      };
    },
  },
  'POST /api/habilitation/demande-identification': {
    refus: 'formulaire',
    async envoyer(contenu) {
      const { pm, aopIgpId, activites } = await operateur();
      const res = await formulaire(
        '/api/habilitation/demande-identification',
        {
          personneMoraleId: pm,
          aopIgpId,
          activiteIds: activites.slice(0, 2),
          dateDi: '2026-11-02',
        },
        contenu,
      );
      return {
        res,
        fichierId: fichierDe(sql`personne_morale_id = ${Number(pm)}`),
        lire: documentDi(pm, aopIgpId),
      };
    },
  },
  'POST /api/referentiel/:id/document': {
    refus: 'formulaire',
    async envoyer(contenu) {
      const aop = premier(
        (await json('GET', '/api/point-controle')).json<GrilleParametrage>().aopIgps,
      );
      const doc = await json('POST', '/api/referentiel', {
        aopIgpId: aop.id,
        libelle: `Plan d'inspection ${String(++numero)}`,
        typeDocument: 'CAHIER_DES_CHARGES',
        versionDocument: String(numero),
        debutValidite: '2026-01-01',
        finValidite: null,
      });
      expect(doc.statusCode, doc.body).toBe(200);
      const id = doc.json<{ id: string }>().id;
      const res = await formulaire(`/api/referentiel/${id}/document`, null, contenu);
      return {
        res,
        fichierId: fichierDe(
          sql`id = (select fichier_id from referentiel where id = ${Number(id)})`,
        ),
        lire: () => ctx.app.inject({ url: `/api/referentiel/${id}/document`, headers: animateur }),
      };
    },
  },
  'POST /api/referentiel': {
    refus: 'formulaire',
    async envoyer(contenu) {
      const aop = premier(
        (await json('GET', '/api/point-controle')).json<GrilleParametrage>().aopIgps,
      );
      const libelle = `Plan d'inspection ${String(++numero)}`;
      const res = await formulaire(
        '/api/referentiel',
        {
          aopIgpId: aop.id,
          libelle,
          typeDocument: 'PLAN_INSPECTION',
          versionDocument: String(numero),
          debutValidite: '2026-01-01',
          finValidite: null,
        },
        contenu,
      );
      const id = () => res.json<{ id: string }>().id;
      return {
        res,
        fichierId: fichierDe(
          sql`id = (select fichier_id from referentiel where id = ${Number(id())})`,
        ),
        lire: () =>
          ctx.app.inject({ url: `/api/referentiel/${id()}/document`, headers: animateur }),
      };
    },
  },
  'POST /api/synchro/controle': {
    refus: 'push',
    async envoyer(contenu) {
      const doc = await premierControle(ctx.app, controleur);
      const aop = (doc.aopIgp as { id: string }).id;
      const { res, body } = await pousser(
        ctx.app,
        controleur,
        { controles: [saisie(doc, 'televersement')] },
        [{ nom: `${doc.id}__${aop}__RAPPORT_AUDIT.pdf`, contenu }],
      );
      expect(body?.resultats[0]?.statut).toMatch(/ACCEPTE|DOUBLON/);
      return {
        res,
        fichierId: async () => Number(res.json<PushControlesResponse>().documents[0]?.id),
        lire: (id) =>
          ctx.app.inject({ url: `/api/fichier/${String(id)}`, headers: bearer(controleur) }),
      };
    },
  },
};

/** Takes a file that is never stored: read, judged as a CSV or XLSX, and dropped. */
const TABLEURS = new Set(['POST /api/utilisateur/import']);

function refuse(cas: Televersement, res: Reponse) {
  if (cas.refus === 'push') {
    expect(res.statusCode).toBe(200);
    expect(res.json<PushControlesResponse>().documents).toMatchObject([
      { id: null, statut: 'REJETE', message: MESSAGE_TYPE_FICHIER_REFUSE },
    ]);
  } else {
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: MESSAGE_TYPE_FICHIER_REFUSE,
      globalErrors: [],
      fieldErrors: [],
    });
  }
}

describe('every route that takes a file', () => {
  it('is one of the route table, and every multipart route of the table is here', () => {
    const multiparts = routes
      .filter((r) => r.multipart)
      .map((r) => r.cle)
      .sort();
    expect(multiparts).toEqual([...Object.keys(TELEVERSEMENTS), ...TABLEURS].sort());
  });

  for (const [cle, cas] of Object.entries(TELEVERSEMENTS)) {
    it(`${cle}: refuses what is not a PDF, PNG or JPEG and stores nothing`, async () => {
      const refuses = cas.refus === 'formulaire' ? [...REFUSES, ...REFUSES_FORMULAIRE] : REFUSES;
      for (const [nom, contenu] of refuses) {
        const avant = { fichiers: await nbFichiers(), referentiels: await nbReferentiels() };
        const { res } = await cas.envoyer(contenu);
        refuse(cas, res);
        // No file, and no reference document left without its file (issue 28 item 7).
        expect([
          nom,
          { fichiers: await nbFichiers(), referentiels: await nbReferentiels() },
        ]).toEqual([nom, cle === 'POST /api/referentiel' ? avant : expect.anything()]);
        expect([nom, await nbFichiers()]).toEqual([nom, avant.fichiers]);
      }
    });

    it(`${cle}: stores a PDF, PNG or JPEG typed by its bytes and serves it as such`, async () => {
      for (const [nom, contenu, type] of ACCEPTES) {
        const envoi = await cas.envoyer(contenu);
        expect([nom, envoi.res.statusCode]).toEqual([nom, expect.any(Number)]);
        expect(envoi.res.statusCode, `${nom} ${envoi.res.body}`).toBeLessThan(300);
        const id = await envoi.fichierId();
        const [stocke] = await lignes(
          ctx.database.db,
          sql`select mime_type as mime from fichier where id = ${id}`,
          z.object({ mime: colonne.texte }),
        );
        expect([nom, stocke?.mime]).toEqual([nom, type]);
        const lu = await envoi.lire(id);
        expect(lu.statusCode).toBe(200);
        expect(lu.headers['content-type']).toBe(type);
        // Only the app's own PDFs open in place (a pushed audit report); uploads download.
        const propre = cas.refus === 'push' && type === 'application/pdf';
        expect([nom, lu.headers['content-disposition']]).toEqual([
          nom,
          expect.stringMatching(
            new RegExp(
              `^${propre ? 'inline' : 'attachment'}; filename="[\\w.-]+"; filename\\*=UTF-8''`,
            ),
          ),
        ]);
        expect(lu.headers['x-content-type-options']).toBe('nosniff');
        expect(lu.rawPayload.equals(contenu)).toBe(true);
      }
      // Bytes that are not a PDF, PNG or JPEG in the database (stored before types were checked,
      // or written by hand): served as an opaque download, never as what the row says.
      const envoi = await cas.envoyer(PDF);
      const id = await envoi.fichierId();
      await ctx.database.db.execute(
        sql`update fichier set contenu = ${REFUSES[0]![1]} where id = ${id}`,
      );
      const lu = await envoi.lire(id);
      expect(lu.statusCode).toBe(200);
      expect(lu.headers['content-type']).toBe('application/octet-stream');
      expect(lu.headers['content-disposition']).toMatch(/^attachment; /);
      expect(lu.headers['x-content-type-options']).toBe('nosniff');
    });
  }

  it('POST /api/utilisateur/import: takes a CSV or XLSX only; anything else is a French 400, nothing written', async () => {
    const comptes = async () =>
      (
        await ligne(
          ctx.database.db,
          sql`select count(*)::int as n from utilisateur`,
          z.object({ n: colonne.entier }),
        )
      ).n;
    const avant = { comptes: await comptes(), fichiers: await nbFichiers() };
    for (const [nom, contenu] of [...REFUSES, ...ACCEPTES]) {
      const corps = corpsImport(contenu, 'comptes.csv');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/utilisateur/import?simulation=false',
        headers: { ...cnaol, ...corps.headers },
        payload: corps.payload,
      });
      expect([nom, res.statusCode]).toEqual([nom, 400]);
      expect(res.json<{ message: string }>().message).toMatch(
        /^(Le fichier doit être un CSV ou un classeur XLSX|Colonnes manquantes|Fichier inaccessible ou endommagé)$/,
      );
    }
    expect({ comptes: await comptes(), fichiers: await nbFichiers() }).toEqual(avant);
  });
});
