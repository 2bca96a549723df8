import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, type Part } from '../modules/synchro/synchro.test-helpers';
import { bearer, createTestApp, login, type TestContext } from '../test/test-app';

/**
 * Issue 13 item 7: every error Fastify (or its plugins, or Node's HTTP parser) can give a client
 * comes in French and in the error contract (docs/architecture.md §3), never in Fastify's English.
 */
let ctx: TestContext;
let animateur: Record<string, string>;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  animateur = bearer((await login(ctx.app, 'animateur@estive.test')).accessToken);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

/** Words of Fastify's, busboy's and Node's English messages. */
const ANGLAIS =
  /\b(body|route|not found|unsupported|media type|limit|reach|must|invalid|unexpected|content-length|client error|bad request|too large|missing|boundary|forbidden prototype)\b/i;

function contratFrancais(statut: number, corps: string, message: string) {
  const json = JSON.parse(corps) as Record<string, unknown>;
  expect(Object.keys(json).sort()).toEqual(['code', 'fieldErrors', 'globalErrors', 'message']);
  expect(json.message).toBe(message);
  expect(json.globalErrors).toEqual([]);
  expect(typeof json.code).toBe('string');
  expect(corps).not.toMatch(ANGLAIS);
  expect(statut).toBeGreaterThanOrEqual(400);
}

const fichiers = (n: number): Part[] =>
  Array.from({ length: n }, (_, i) => ({
    name: 'document',
    filename: `f${String(i)}.pdf`,
    content: '%PDF-1.4',
  }));

interface Cas {
  nom: string;
  requete: () => InjectOptions;
  statut: number;
  message: string;
}

const json = { 'content-type': 'application/json' };
/** A POST as the cases send it: most differ only by path, headers and body. */
const post = (url: string, headers: Record<string, string>, payload: string): InjectOptions => ({
  method: 'POST',
  url,
  headers,
  payload,
});
const postMultipart = (url: string, parts: Part[]): InjectOptions => ({
  method: 'POST',
  url,
  ...multipartAvec(parts),
});
const CAS: Cas[] = [
  {
    nom: 'bad JSON (FST_ERR_CTP_INVALID_JSON_BODY)',
    requete: () => post('/api/auth/login', json, '{"login":'),
    statut: 400,
    message: "Le corps de la requête n'est pas un JSON valide",
  },
  {
    nom: 'JSON with __proto__ (secure-json-parse)',
    requete: () =>
      post('/api/auth/login', json, '{"login":"a","password":"b","__proto__":{"x":1}}'),
    statut: 400,
    message: "Le corps de la requête n'est pas un JSON valide",
  },
  {
    nom: 'JSON with constructor.prototype (secure-json-parse)',
    requete: () =>
      post(
        '/api/auth/login',
        json,
        '{"login":"a","password":"b","constructor":{"prototype":{"x":1}}}',
      ),
    statut: 400,
    message: "Le corps de la requête n'est pas un JSON valide",
  },
  {
    nom: 'empty body with a JSON content type (FST_ERR_CTP_EMPTY_JSON_BODY)',
    requete: () => post('/api/auth/login', json, ''),
    statut: 400,
    message: 'Le corps de la requête est vide',
  },
  {
    nom: 'unknown content type (FST_ERR_CTP_INVALID_MEDIA_TYPE)',
    requete: () => post('/api/auth/login', { 'content-type': 'text/xml' }, '<login/>'),
    statut: 415,
    message: 'Type de contenu non pris en charge',
  },
  {
    nom: 'body over the limit (FST_ERR_CTP_BODY_TOO_LARGE)',
    requete: () =>
      post(
        '/api/log',
        { ...json, ...animateur },
        JSON.stringify({ context: 'x', message: 'a'.repeat(10_000_001) }),
      ),
    statut: 413,
    message: 'Requête trop volumineuse',
  },
  {
    nom: 'content-length that is not the length sent (FST_ERR_CTP_INVALID_CONTENT_LENGTH)',
    requete: () =>
      post('/api/auth/login', { ...json, 'content-length': '5' }, '{"login":"a","password":"b"}'),
    statut: 400,
    message: 'Longueur de la requête invalide',
  },
  {
    nom: 'bad URL encoding (FST_ERR_BAD_URL)',
    requete: () => ({ method: 'GET', url: '/api/fichier/%E0%A4%A', headers: animateur }),
    statut: 400,
    message: 'Adresse de la requête invalide',
  },
  {
    nom: 'unknown route',
    requete: () => ({ method: 'DELETE', url: '/api/auth/login' }),
    statut: 404,
    message: 'Aucune ressource pour DELETE /api/auth/login',
  },
  {
    nom: "multipart: 61 files ('reach files limit', FST_FILES_LIMIT)",
    requete: () => postMultipart('/api/habilitation', fichiers(61)),
    statut: 413,
    message: 'Trop de fichiers dans la requête',
  },
  {
    nom: "a form's second file ('reach files limit' at a form's one file)",
    requete: () => postMultipart('/api/habilitation', fichiers(2)),
    statut: 413,
    message: 'Trop de fichiers dans la requête',
  },
  {
    nom: "a form's field over 1,000,000 bytes",
    requete: () =>
      postMultipart('/api/habilitation', [{ name: 'data', content: `"${'x'.repeat(1_000_001)}"` }]),
    statut: 413,
    message: 'Requête trop volumineuse : un champ dépasse 1 000 000 octets',
  },
  {
    nom: "multipart: too many fields ('reach fields limit', FST_FIELDS_LIMIT)",
    requete: () =>
      postMultipart(
        '/api/habilitation',
        Array.from({ length: 25 }, (_, i) => ({ name: `c${String(i)}`, content: 'x' })),
      ),
    statut: 413,
    message: 'Trop de champs dans la requête',
  },
  {
    nom: "multipart: too many parts ('reach parts limit', FST_PARTS_LIMIT)",
    requete: () =>
      postMultipart('/api/synchro/controle', [
        ...fichiers(60),
        ...Array.from({ length: 20 }, (_, i) => ({ name: `c${String(i)}`, content: 'x' })),
        { name: 'data', content: '{}' },
      ]),
    statut: 413,
    message: 'Trop de parties dans la requête',
  },
  {
    nom: 'multipart: a file over 5,000,000 bytes (FST_REQ_FILE_TOO_LARGE)',
    requete: () =>
      postMultipart('/api/habilitation', [
        { name: 'document', filename: 'gros.pdf', content: Buffer.alloc(5_000_001) },
      ]),
    statut: 413,
    message: 'Le fichier est trop gros (max 5Mo)',
  },
  {
    nom: 'multipart: a __proto__ field (FST_PROTO_VIOLATION)',
    requete: () => postMultipart('/api/habilitation', [{ name: '__proto__', content: 'x' }]),
    statut: 400,
    message: 'Requête incomplète ou illisible',
  },
  {
    nom: 'multipart without boundary (busboy)',
    requete: () =>
      post('/api/synchro/controle', { ...animateur, 'content-type': 'multipart/form-data' }, 'x'),
    statut: 400,
    message: 'Requête incomplète ou illisible : renvoyez-la',
  },
  {
    nom: 'multipart cut in the middle (busboy: Unexpected end of form)',
    requete: () => {
      const corps = multipartAvec([
        { name: 'data', content: '{"controles":[],"newControles":[]}' },
      ]);
      return {
        method: 'POST',
        url: '/api/synchro/controle',
        headers: corps.headers,
        payload: (corps.payload as Buffer).subarray(0, 60),
      };
    },
    statut: 400,
    message: 'Requête incomplète ou illisible : renvoyez-la',
  },
  {
    nom: 'JSON where the push expects multipart (FST_INVALID_MULTIPART_CONTENT_TYPE)',
    requete: () => post('/api/synchro/controle', { ...animateur, ...json }, '{}'),
    statut: 400,
    message: 'Requête multipart attendue',
  },
];

function multipartAvec(parts: Part[]) {
  const corps = multipart(parts);
  return { headers: { ...animateur, ...corps.headers }, payload: corps.payload };
}

describe('Fastify errors reach the client in French, in the error contract', () => {
  it.each(CAS)('$nom', async ({ requete, statut, message }) => {
    const res: LightMyRequestResponse = await ctx.app.inject(requete());
    expect(res.statusCode, res.body).toBe(statut);
    contratFrancais(res.statusCode, res.body, message);
  });
});

/** What Node's HTTP parser refuses before Fastify sees a request: only a real socket shows it. */
function brut(requete: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let recu = '';
    socket.on('data', (d: Buffer) => (recu += d.toString()));
    socket.on('close', () => resolve(recu));
    socket.on('error', reject);
    socket.write(requete);
  });
}

describe("Node's HTTP parser errors (clientError) are French too", () => {
  const CAS_BRUTS: { nom: string; requete: string; statut: number; message: string }[] = [
    {
      nom: 'a content-length that is not a number',
      requete: 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      statut: 400,
      message: 'Requête invalide',
    },
    {
      nom: 'both content-length and transfer-encoding (request smuggling)',
      requete:
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      statut: 400,
      message: 'Requête invalide',
    },
    {
      nom: 'a request line that is not HTTP',
      requete: 'BONJOUR\r\n\r\n',
      statut: 400,
      message: 'Requête invalide',
    },
    {
      nom: 'headers over 16 KiB',
      requete: `GET /api/version HTTP/1.1\r\nHost: x\r\nX-Gros: ${'a'.repeat(20_000)}\r\n\r\n`,
      statut: 431,
      message: 'En-têtes de la requête trop volumineux',
    },
  ];
  it.each(CAS_BRUTS)('$nom', async ({ requete, statut, message }) => {
    const reponse = await brut(requete);
    const [tete = '', corps = ''] = reponse.split('\r\n\r\n');
    expect(tete, reponse).toMatch(new RegExp(`^HTTP/1\\.1 ${String(statut)} `));
    expect(tete.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
    contratFrancais(statut, corps, message);
  });
});
