import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrilleParametrage, PushControlesResponse } from '@estive/contracts';
import { queryRow, queryRows } from '../db/client';
import { MESSAGE_TYPE_FICHIER_REFUSE } from '../lib/type-fichier';
import { entetes, multipart as corpsImport, odg } from '../modules/comptes/comptes.test-helpers';
import {
  multipart,
  pousser,
  premierControle,
  saisie,
} from '../modules/synchro/synchro.test-helpers';
import { appAvecRoutes, type Route } from './routes.test-helpers';
import { bearer, login, premier, type TestContext } from './test-app';

/**
 * Issue 13 item 6: every route that takes a file (those of the route table whose OpenAPI says
 * `multipart/form-data`) refuses bytes that are not a PDF, a PNG or a JPEG, whatever name and
 * type the sender gives them: 415 in French and nothing stored (the push judges each file: REJETE,
 * the rest applied). What is stored is typed by its bytes and served as such, inline; a stored
 * file whose bytes are anything else is served as an opaque download. A route added later that
 * takes a file and is missing here fails the first test.
 */

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF');
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

let ctx: TestContext;
let routes: Route[];
let animateur: Record<string, string>;
let cnaol: Record<string, string>;
let controleur: string;
let siret = 0;

beforeAll(async () => {
  ({ ctx, routes } = await appAvecRoutes());
  const comte = await odg(ctx, 'comte');
  animateur = await entetes(ctx, 'animateur@estive.test', comte.id);
  cnaol = await entetes(ctx, 'cnaol@estive.test', comte.id);
  controleur = (await login(ctx.app, 'controleur@estive.test')).accessToken;
});
afterAll(() => ctx.close());

/** A SIRET whose Luhn key is right, a new one each call. */
function nouveauSiret(): string {
  const debut = `9${String(++siret).padStart(12, '0')}`;
  for (let cle = 0; cle < 10; cle++) {
    const s = `${debut}${String(cle)}`;
    const somme = [...s].reduce((t, c, i) => {
      const d = Number(c) * (i % 2 === 0 ? 2 : 1);
      return t + (d > 9 ? d - 9 : d);
    }, 0);
    if (somme % 10 === 0) return s;
  }
  throw new Error('clé de Luhn introuvable');
}

const json = (method: 'POST' | 'GET', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: animateur, ...(payload ? { payload } : {}) });

function formulaire(url: string, data: object | null, contenu: Buffer, partie = 'document') {
  const corps = multipart([
    ...(data ? [{ name: 'data', content: JSON.stringify(data) }] : []),
    { name: partie, filename: 'document.pdf', contentType: 'application/pdf', content: contenu },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...animateur, ...corps.headers },
    payload: corps.payload,
  });
}

/** A new operator of the animator's ODG, and an AOP-IGP with two of its activities. */
async function operateur() {
  const pm = await json('POST', '/api/personne-morale', {
    raisonSociale: `Fromagerie ${String(siret)}`,
    siret: nouveauSiret(),
  });
  expect(pm.statusCode, pm.body).toBe(201);
  const activites = (await json('GET', '/api/activiteAopIgp')).json<
    { aopIgpId: string; id: string }[]
  >();
  const aopIgpId = premier(activites).aopIgpId;
  const ids = activites.filter((a) => a.aopIgpId === aopIgpId).map((a) => a.id);
  return { pm: pm.json<{ id: string }>().id, aopIgpId, activites: ids };
}

const fichierDe = (condition: ReturnType<typeof sql>) => async () =>
  Number(
    (
      await queryRow<{ id: number }>(
        ctx.database.db,
        sql`select max(id) as id from fichier where ${condition}`,
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
        libelle: `Plan d'inspection ${String(++siret)}`,
        typeDocument: 'CAHIER_DES_CHARGES',
        versionDocument: String(siret),
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

const nbFichiers = async () =>
  (await queryRow<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from fichier`)).n;

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
      for (const [nom, contenu] of REFUSES) {
        const avant = await nbFichiers();
        const { res } = await cas.envoyer(contenu);
        expect([nom, await nbFichiers()]).toEqual([nom, avant]);
        refuse(cas, res);
      }
    });

    it(`${cle}: stores a PDF, PNG or JPEG typed by its bytes and serves it as such`, async () => {
      for (const [nom, contenu, type] of ACCEPTES) {
        const envoi = await cas.envoyer(contenu);
        expect([nom, envoi.res.statusCode]).toEqual([nom, expect.any(Number)]);
        expect(envoi.res.statusCode, `${nom} ${envoi.res.body}`).toBeLessThan(300);
        const id = await envoi.fichierId();
        const [stocke] = await queryRows<{ mime: string }>(
          ctx.database.db,
          sql`select mime_type as mime from fichier where id = ${id}`,
        );
        expect([nom, stocke?.mime]).toEqual([nom, type]);
        const lu = await envoi.lire(id);
        expect(lu.statusCode).toBe(200);
        expect(lu.headers['content-type']).toBe(type);
        expect(lu.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''/);
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
        await queryRow<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from utilisateur`,
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

describe('a form holds one file and small fields (issue 13 item 3 beyond the push)', () => {
  it('a second file, a field over 1,000,000 bytes: 413 in French, nothing stored', async () => {
    const avant = await nbFichiers();
    const { pm, aopIgpId, activites } = await operateur();
    const data = { personneMoraleId: pm, aopIgpId, activiteId: activites[0], statut: 'VALIDEE' };
    const deux = multipart([
      { name: 'data', content: JSON.stringify(data) },
      { name: 'document', filename: 'a.pdf', content: PDF },
      { name: 'document', filename: 'b.pdf', content: PDF },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/habilitation',
      headers: { ...animateur, ...deux.headers },
      payload: deux.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe('Trop de fichiers dans la requête');
    const gros = multipart([
      { name: 'data', content: JSON.stringify({ ...data, x: 'a'.repeat(1_000_000) }) },
      { name: 'document', filename: 'a.pdf', content: PDF },
    ]);
    const res2 = await ctx.app.inject({
      method: 'POST',
      url: '/api/habilitation',
      headers: { ...animateur, ...gros.headers },
      payload: gros.payload,
    });
    expect(res2.statusCode).toBe(413);
    expect(res2.json<{ message: string }>().message).toBe(
      'Requête trop volumineuse : un champ dépasse 1 000 000 octets',
    );
    expect(await nbFichiers()).toBe(avant);
  });

  it('a file part of another name is read and dropped (busboy never waits on it)', async () => {
    const avant = await nbFichiers();
    const { pm, aopIgpId, activites } = await operateur();
    const corps = multipart([
      { name: 'autre', filename: 'x.bin', content: Buffer.alloc(4_000_000, 0x41) },
      {
        name: 'data',
        content: JSON.stringify({
          personneMoraleId: pm,
          aopIgpId,
          activiteId: activites[0],
          statut: 'VALIDEE',
        }),
      },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/habilitation',
      headers: { ...animateur, ...corps.headers },
      payload: corps.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await nbFichiers()).toBe(avant);
  });
});
