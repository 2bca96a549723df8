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

/**
 * Headers to serve a stored file: its real type inline, anything else as an opaque download.
 * `nosniff` so that no browser guesses a type of its own.
 */
export function entetesFichier(contenu: Uint8Array, fileName: string): Record<string, string> {
  const type = typeReel(contenu);
  const nom = `filename*=UTF-8''${encodeURIComponent(fileName)}`;
  return {
    'content-type': type ?? 'application/octet-stream',
    'content-disposition': `${type ? 'inline' : 'attachment'}; ${nom}`,
    'x-content-type-options': 'nosniff',
  };
}
