import type { FastifyRequest } from 'fastify';
import { MESSAGE_CARACTERE_INTERDIT } from '@estive/contracts';
import { champDe } from '@estive/domain';
import { AppError, invalid } from './errors';
import { typeVerifie, type TypeFichier } from './type-fichier';

/**
 * A form that carries one file (a DI, a reference document, an accounts file): one file part of
 * at most 5,000,000 bytes and a few small text fields. The multipart plugin's defaults (app.ts)
 * are these; the push alone raises them (LIMITES_PUSH). Beyond them busboy stops and the answer
 * is 413, so no request to a form holds more than one file and a few kilobytes in memory.
 */
export const LIMITES_FORMULAIRE = {
  files: 1,
  fields: 5,
  /** A field is a small JSON document: the form's data. */
  fieldSize: 1_000_000,
  parts: 6,
} as const;

export const MESSAGE_CHAMP_TROP_GROS =
  'Requête trop volumineuse : un champ dépasse 1 000 000 octets';

export const MESSAGE_NOM_FICHIER_INVALIDE = 'Nom de fichier invalide';

// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const INSTOCKABLE = /[\u0000\ud800-\udfff]/u;
/** A file name PostgreSQL's text can hold (in unicode mode a surrogate pair is one code point). */
export const nomStockable = (nom: string) => !INSTOCKABLE.test(nom);

export interface FichierFormulaire {
  /** The name the sender gave, cut to 200 characters. */
  nom: string;
  contenu: Buffer;
}

/**
 * Reads the whole form: its text fields and its one file part named `partie` (another file part
 * is read and dropped, so that busboy never waits on it). A body that is not multipart is the
 * caller's case. Limits answer 413; a body cut or malformed, 400.
 */
export async function lireFormulaireFichier(
  request: FastifyRequest,
  partie: string,
): Promise<{ champs: Map<string, string>; fichier: FichierFormulaire | null }> {
  const champs = new Map<string, string>();
  let fichier: FichierFormulaire | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const contenu = await part.toBuffer();
        if (part.fieldname === partie) {
          // The name is stored as text: a NUL (or a lone surrogate) is refused by PostgreSQL.
          if (!nomStockable(part.filename)) {
            throw invalid(
              MESSAGE_NOM_FICHIER_INVALIDE,
              [],
              [{ field: partie, defaultMessage: MESSAGE_CARACTERE_INTERDIT }],
            );
          }
          fichier = { nom: part.filename.slice(0, 200), contenu };
        }
      } else {
        if (part.valueTruncated)
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', MESSAGE_CHAMP_TROP_GROS);
        champs.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof AppError || champDe(error, 'statusCode') === 413) throw error;
    throw invalid('Requête incomplète ou illisible');
  }
  return { champs, fichier };
}

/**
 * A file Estive stores: PDF (one that parses), PNG or JPEG by its bytes (415 otherwise), typed by
 * them.
 */
export async function documentStockable(fichier: FichierFormulaire): Promise<{
  fileName: string;
  mimeType: TypeFichier;
  contenu: Buffer;
}> {
  const type = await typeVerifie(fichier.contenu);
  return { fileName: fichier.nom || 'document', mimeType: type, contenu: fichier.contenu };
}
