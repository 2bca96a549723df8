import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, invalid } from '../../lib/errors';
import { typeFichierRefuse, typeReel } from '../../lib/type-fichier';
import type { DocumentRecu } from './habilitation.service';

/**
 * Multipart body: part `data` (JSON of the form) and an optional part `document` (the DI, at
 * most 5,000,000 bytes: over it the multipart limit answers 413 with the spec's message).
 */
export async function lireFormulaire(
  request: FastifyRequest,
): Promise<{ data: unknown; document: DocumentRecu | null }> {
  if (!request.isMultipart()) return { data: request.body, document: null };
  let data: unknown;
  let document: DocumentRecu | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const contenu = await part.toBuffer();
        if (part.fieldname === 'document' && contenu.length > 0) {
          // The type its bytes have: a DI is a PDF or a scan, never what the browser claims.
          const type = typeReel(contenu);
          if (!type) throw typeFichierRefuse();
          document = {
            fileName: part.filename.slice(0, 200) || 'document',
            mimeType: type,
            contenu,
          };
        }
      } else if (part.fieldname === 'data') {
        data = JSON.parse(String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 413)
      throw error;
    throw invalid('Requête incomplète ou illisible');
  }
  return { data, document };
}

export function valider<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw invalid(
    'Veuillez vérifier votre saisie',
    [],
    r.error.issues.map((i) => ({ field: i.path.join('.'), defaultMessage: i.message })),
  );
}
