import { PDFDocument } from 'pdf-lib';
import { AppError } from './errors';

/** The only kinds of file Estive stores and serves as themselves: reports, DI, signatures, logos. */
export type TypeFichier = 'application/pdf' | 'image/png' | 'image/jpeg';

const SIGNATURES: { type: TypeFichier; octets: readonly number[] }[] = [
  { type: 'application/pdf', octets: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', octets: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', octets: [0xff, 0xd8, 0xff] },
];

/**
 * The type a file's content really has, from its first bytes; null for anything else. What the
 * sender declared is never trusted: an HTML page named `.pdf` must not run in our origin.
 */
export function typeReel(contenu: Uint8Array): TypeFichier | null {
  for (const { type, octets } of SIGNATURES) {
    if (contenu.length >= octets.length && octets.every((o, i) => contenu[i] === o)) return type;
  }
  return null;
}

export const MESSAGE_TYPE_FICHIER_REFUSE =
  'Type de fichier non accepté : seuls les fichiers PDF, PNG ou JPEG sont acceptés';

export const typeFichierRefuse = () =>
  new AppError(415, 'UNSUPPORTED_FILE_TYPE', MESSAGE_TYPE_FICHIER_REFUSE);

/** Where a PDF ends: `startxref`, the offset of its cross-references, and `%%EOF` (ISO 32000 §7.5.5). */
const FIN_PDF = /startxref\s+(\d{1,10})\s+%%EOF[\s\0]*$/;

/**
 * Whether bytes that begin as a PDF are one. A file cut short is refused first: its last bytes
 * must be the trailer's end, `startxref` pointing inside the file then `%%EOF` (pdf-lib would
 * otherwise rebuild a cut file from the objects it finds). Then pdf-lib parses the whole
 * structure (objects, cross-references, trailer, catalog, page tree): `%PDF-` before an HTML
 * page is not a PDF. Strict: an object that does not parse refuses the file rather than being
 * skipped. The parser yields to the event loop every 100 objects: a large file never blocks it.
 */
export async function pdfLisible(contenu: Uint8Array): Promise<boolean> {
  const fin = FIN_PDF.exec(Buffer.from(contenu.subarray(-1024)).toString('latin1'));
  if (!fin || Number(fin[1]) >= contenu.length) return false;
  try {
    const doc = await PDFDocument.load(contenu, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
      parseSpeed: 100,
    });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}

/** The type a file to store really has: a PDF must also parse as one (415 otherwise). */
export async function typeVerifie(contenu: Uint8Array): Promise<TypeFichier> {
  const type = typeReel(contenu);
  if (!type || (type === 'application/pdf' && !(await pdfLisible(contenu)))) {
    throw typeFichierRefuse();
  }
  return type;
}

/**
 * Headers to serve a stored file. Only the app's own PDFs (`propre`: audit reports, plannings,
 * avis de passage, which Estive generates) open in the browser; everything else that was uploaded
 * (DI, reference documents, logos, signatures) is a download, so no uploaded content is ever
 * rendered in our origin. `nosniff` so that no browser guesses a type of its own.
 */
export function entetesFichier(
  contenu: Uint8Array,
  fileName: string,
  propre = false,
): Record<string, string> {
  const type = typeReel(contenu);
  const ascii = fileName.replace(/[^\w.-]/g, '_') || 'fichier';
  const nom = `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  const enLigne = propre && type === 'application/pdf';
  return {
    'content-type': type ?? 'application/octet-stream',
    'content-disposition': `${enLigne ? 'inline' : 'attachment'}; ${nom}`,
    'x-content-type-options': 'nosniff',
  };
}
