import type * as PdfMakeNavigateur from 'pdfmake/build/pdfmake';
import type { RapportPayload } from './payload';
import { rendreAvecNombrePages } from './rendu';

type PdfMake = typeof PdfMakeNavigateur;

/**
 * A CommonJS module imported dynamically by a bundler comes as `{ default: module.exports }`
 * (pdfmake's methods live on its instance's prototype, so they are not copied as named exports).
 */
const exportCjs = <T>(mod: T): T => (mod as T & { default?: T }).default ?? mod;

let chargement: Promise<PdfMake> | undefined;

/**
 * pdfmake and its embedded Roboto (≈ 2 MB together) are loaded on first use only: the web app's
 * bundler makes them a separate chunk, which the service worker precaches for offline use.
 */
function chargerPdfMake(): Promise<PdfMake> {
  chargement ??= Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/vfs_fonts'),
  ]).then(
    ([pdfmake, vfs]) => {
      const pdfMake = exportCjs(pdfmake);
      pdfMake.addVirtualFileSystem(vfs.default);
      return pdfMake;
    },
    (erreur: unknown) => {
      chargement = undefined; // a failed chunk load (update in progress) can be retried
      throw erreur;
    },
  );
  return chargement;
}

/** The report with its page count, in the browser. */
export async function genererPdfNavigateurAvecPages(
  payload: RapportPayload,
): Promise<{ blob: Blob; pages: number }> {
  const pdfMake = await chargerPdfMake();
  const { sortie, pages } = await rendreAvecNombrePages(
    {
      mettreEnPage: async (doc) => {
        await pdfMake.createPdf(doc).getStream();
      },
      produire: (doc) => pdfMake.createPdf(doc).getBlob(),
    },
    payload,
  );
  return { blob: sortie, pages };
}

/** The report of one AOP-IGP of a control as a PDF blob, in the browser (offline too). */
export async function genererPdfNavigateur(payload: RapportPayload): Promise<Blob> {
  return (await genererPdfNavigateurAvecPages(payload)).blob;
}
