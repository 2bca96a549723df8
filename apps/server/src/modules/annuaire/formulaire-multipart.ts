import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalid } from '../../lib/errors';
import { documentStockable, lireFormulaireFichier } from '../../lib/formulaire-fichier';
import type { DocumentRecu } from './habilitation.service';

/**
 * JSON, or multipart: part `data` (JSON of the form) and an optional part `document` (the DI, a
 * PDF or a scan by its bytes, at most 5,000,000 bytes: over it the multipart limit answers 413
 * with the spec's message; any other type 415).
 */
export async function lireFormulaire(
  request: FastifyRequest,
): Promise<{ data: unknown; document: DocumentRecu | null }> {
  if (!request.isMultipart()) return { data: request.body, document: null };
  const { champs, fichier } = await lireFormulaireFichier(request, 'document');
  let data: unknown;
  const texte = champs.get('data');
  if (texte !== undefined) {
    try {
      data = JSON.parse(texte);
    } catch {
      throw invalid('Requête incomplète ou illisible');
    }
  }
  const document = fichier && fichier.contenu.length > 0 ? await documentStockable(fichier) : null;
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
