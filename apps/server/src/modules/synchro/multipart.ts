import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../lib/errors';
import type { FichierRecu } from './inbox.repository';

/**
 * Reads the whole multipart request (part `data`, parts `documents`) into memory before anything
 * is stored: a body cut in the middle fails here, so nothing of it is half-written or applied.
 * A file over the limit fails with 413 (the multipart plugin's limit, mapped by the error handler).
 */
export async function lireMultipart(
  request: FastifyRequest,
): Promise<{ data: string | undefined; fichiers: FichierRecu[] }> {
  if (!request.isMultipart()) throw invalid('Requête multipart attendue');
  const fichiers: FichierRecu[] = [];
  let data: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const contenu = await part.toBuffer();
        if (part.fieldname === 'documents') {
          fichiers.push({ nom: part.filename, mimeType: part.mimetype, contenu });
        }
      } else if (part.fieldname === 'data') {
        data = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 413) {
      throw error;
    }
    request.log.warn({ err: error }, 'synchro: requête multipart incomplète');
    throw invalid('Requête incomplète ou illisible : renvoyez-la');
  }
  return { data, fichiers };
}
