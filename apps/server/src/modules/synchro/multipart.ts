import type { FastifyRequest } from 'fastify';
import { champDe } from '@estive/domain';
import {
  LIMITES_PUSH,
  MESSAGE_PUSH_TROP_DE_FICHIERS,
  MESSAGE_PUSH_TROP_VOLUMINEUX,
} from '@estive/contracts';
import { erreurPourJournal } from '../../lib/erreur-journal';
import { AppError, invalid } from '../../lib/errors';
import type { FichierRecu } from './inbox.repository';

/** The push's own multipart limits, above a form's (app.ts): a day of controls and their files. */
const LIMITES_MULTIPART_PUSH = {
  files: LIMITES_PUSH.fichiers,
  fields: 20,
  fieldSize: LIMITES_PUSH.octetsData,
  parts: LIMITES_PUSH.fichiers + 20,
};

export const tropVolumineux = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', MESSAGE_PUSH_TROP_VOLUMINEUX);

/**
 * Reads the whole multipart request (part `data`, parts `documents`) into memory before anything
 * is stored: a body cut in the middle fails here, so nothing of it is half-written or applied.
 * Limits (LIMITES_PUSH) answer 413 with nothing stored; the device keeps its data and splits it.
 * A `data` part over its limit is refused, never cut (busboy would silently truncate it).
 */
export async function lireMultipart(
  request: FastifyRequest,
): Promise<{ data: string | undefined; fichiers: FichierRecu[] }> {
  if (!request.isMultipart()) throw invalid('Requête multipart attendue');
  const fichiers: FichierRecu[] = [];
  let data: string | undefined;
  let total = 0;
  try {
    for await (const part of request.parts({ limits: LIMITES_MULTIPART_PUSH })) {
      if (part.type === 'file') {
        const contenu = await part.toBuffer();
        total += contenu.length;
        if (total > LIMITES_PUSH.octets) throw tropVolumineux();
        if (part.fieldname === 'documents') {
          fichiers.push({ nom: part.filename, mimeType: part.mimetype, contenu });
        }
      } else {
        // Every field counts, not only `data`: busboy holds each one until the request ends.
        if (part.valueTruncated) throw tropVolumineux();
        const valeur = String(part.value);
        total += Buffer.byteLength(valeur);
        if (total > LIMITES_PUSH.octets) throw tropVolumineux();
        if (part.fieldname === 'data') data = valeur;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (champDe(error, 'code') === 'FST_FILES_LIMIT') {
      throw new AppError(413, 'TOO_MANY_FILES', MESSAGE_PUSH_TROP_DE_FICHIERS);
    }
    if (champDe(error, 'statusCode') === 413) throw error;
    request.log.warn({ erreur: erreurPourJournal(error) }, 'synchro: requête multipart incomplète');
    throw invalid('Requête incomplète ou illisible : renvoyez-la');
  }
  return { data, fichiers };
}
