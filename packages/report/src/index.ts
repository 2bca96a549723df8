/**
 * `@estive/report`, browser entry: the report's document definition, its PDF generated on the
 * device (offline), its file name and hash. Node code lives in `./node` (`@estive/report/node`).
 */
import { genererAvecPages, type MoteurPdf, type PdfGenere } from './generer';
import type { RapportPayload } from './payload';

export type * from './payload';
export { construireRapport, type OptionsConstruction } from './rapport';
export { nomFichierRapport, sha256Hex, type ArgsNomFichier } from './fichier';
export { LEGENDE } from './sections/points';
export { declarationLecture } from './sections/signatures';
export type { PdfGenere } from './generer';

let moteur: Promise<MoteurPdf> | undefined;

/**
 * pdfmake and its fonts weigh about 2 MB: loaded on the first report only, then kept, so the
 * app's first screen does not pay for them. Both are in the service worker's precache like any
 * other chunk, which is what makes this work offline.
 */
function chargerMoteur(): Promise<MoteurPdf> {
  moteur ??= (async () => {
    const [{ default: pdfMake }, { default: vfs }] = await Promise.all([
      import('pdfmake/build/pdfmake'),
      import('pdfmake/build/vfs_fonts'),
    ]);
    pdfMake.addVirtualFileSystem(vfs);
    return pdfMake;
  })();
  moteur.catch(() => {
    // A failed chunk load (connection lost mid-download) must not be cached for the session.
    moteur = undefined;
  });
  return moteur;
}

/** The report as bytes with its real page count (the statement's n, see `genererAvecPages`). */
export async function genererPdfNavigateurDetaille(payload: RapportPayload): Promise<PdfGenere> {
  return genererAvecPages(await chargerMoteur(), payload);
}

/** The report as a PDF Blob, as the web app stores and previews it. */
export async function genererPdfNavigateur(payload: RapportPayload): Promise<Blob> {
  const { octets } = await genererPdfNavigateurDetaille(payload);
  return new Blob([octets.slice()], { type: 'application/pdf' });
}
