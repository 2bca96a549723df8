import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Checkpoint, PushControlesData, PushControlesResponse } from '@estive/contracts';
import { sha256Hex } from '../../lib/hash';
import { bearer } from '../../test/test-app';
import { grilleMarquee } from './fixtures.test-helpers';

export interface DocTire {
  id: string;
  _deleted: boolean;
  version?: number;
  [champ: string]: unknown;
}
export interface Lot {
  documents: DocTire[];
  checkpoint: Checkpoint;
}

export async function tirer(
  app: FastifyInstance,
  token: string,
  entite: string,
  options: { checkpoint?: Checkpoint; batchSize?: number; droit?: string } = {},
) {
  const params = new URLSearchParams();
  if (options.batchSize) params.set('batchSize', String(options.batchSize));
  if (options.checkpoint) {
    params.set('id', options.checkpoint.id);
    params.set('lastSync', options.checkpoint.lastSync);
  }
  const res = await app.inject({
    method: 'GET',
    url: `/api/synchro/${entite}?${params.toString()}`,
    headers: bearer(token, options.droit),
  });
  if (res.statusCode !== 200) throw new Error(`${entite}: ${res.statusCode} ${res.body}`);
  return res.json<Lot>();
}

/** Pulls a feed until a batch is shorter than the batch size, as the device does. */
export async function toutTirer(
  app: FastifyInstance,
  token: string,
  entite: string,
  depart?: Checkpoint,
  batchSize = 100,
) {
  const documents: DocTire[] = [];
  let checkpoint = depart;
  for (;;) {
    const lot = await tirer(app, token, entite, { checkpoint, batchSize });
    documents.push(...lot.documents);
    checkpoint = lot.checkpoint;
    if (lot.documents.length < batchSize) return { documents, checkpoint };
  }
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(parts: Part[]) {
  const boundary = `----estive${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    const type = p.filename ? `Content-Type: ${p.contentType ?? 'application/pdf'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface FichierTest {
  nom: string;
  contenu: Buffer;
  sha256?: string;
  controleId?: string;
  typeDocument?: 'RAPPORT_AUDIT' | 'SIGNATURE';
}

export function corpsPush(data: PushControlesData, fichiers: FichierTest[] = []) {
  return multipart([
    {
      name: 'data',
      content: JSON.stringify({
        ...data,
        documents: fichiers.map((f) => ({
          nom: f.nom,
          sha256: f.sha256 ?? sha256Hex(f.contenu),
          ...(f.controleId ? { controleId: f.controleId } : {}),
          ...(f.typeDocument ? { typeDocument: f.typeDocument } : {}),
        })),
      }),
    },
    ...fichiers.map((f) => ({ name: 'documents', filename: f.nom, content: f.contenu })),
  ]);
}

export async function pousser(
  app: FastifyInstance,
  token: string,
  data: PushControlesData,
  fichiers: FichierTest[] = [],
  droit?: string,
) {
  const { payload, headers } = corpsPush(data, fichiers);
  const res = await app.inject({
    method: 'POST',
    url: '/api/synchro/controle',
    payload,
    headers: { ...headers, ...bearer(token, droit) },
  });
  return { res, body: res.statusCode === 200 ? res.json<PushControlesResponse>() : undefined };
}

/** A controller's own control, as the device pulled it. */
export async function premierControle(app: FastifyInstance, token: string, statut = 'PROGRAMME') {
  const { documents } = await toutTirer(app, token, 'controle', undefined, 10);
  const doc = documents.find((d) => !d._deleted && d.statut === statut);
  if (!doc) throw new Error(`aucun contrôle ${statut}`);
  return doc;
}

/** The entry a controller makes on a control; `marque` identifies it on the server. */
export function saisie(doc: DocTire, marque: string, extra: Record<string, unknown> = {}) {
  return {
    ...doc,
    localId: doc.id,
    baseVersion: doc.version,
    statut: 'REALISE',
    resultat: 'CONFORME',
    etapeSaisie: 4,
    grille: grilleMarquee(marque),
    synthese: { [(doc.aopIgp as { id: string }).id]: { audite: { observation: marque } } },
    ...extra,
  };
}
