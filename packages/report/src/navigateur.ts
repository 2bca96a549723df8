import type * as PdfMakeNavigateur from 'pdfmake/build/pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RapportPayload } from './payload';
import { accelererPdfkit, DOCUMENT_AMORCE } from './pdfkitRapide';
import { policesDuDocument, quatreStyles, type PoliceSecours } from './polices';
import { compterPages, rendreAvecNombrePages, type MoteurPdf } from './rendu';

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
    async ([pdfmake, vfs]) => {
      const pdfMake = exportCjs(pdfmake);
      pdfMake.addVirtualFileSystem(vfs.default);
      // Only the fallback fonts' files, served by the app itself (and its service worker).
      pdfMake.setUrlAccessPolicy((url) => url.startsWith(`${window.location.origin}/`));
      // pdfkit's hot paths, reached through a one-word document (pdfkitRapide.ts).
      accelererPdfkit(await pdfMake.createPdf(DOCUMENT_AMORCE).getStream());
      return pdfMake;
    },
    (erreur: unknown) => {
      chargement = undefined; // a failed chunk load (update in progress) can be retried
      throw erreur;
    },
  );
  return chargement;
}

/**
 * Each fallback font's file as an asset URL of the web app (Vite emits the file; the service
 * worker precaches it). Imported on demand: a report without emoji or symbols loads none.
 */
const URLS_SECOURS: Record<PoliceSecours, () => Promise<{ default: string }>> = {
  NotoSansSymbols2: () =>
    import('@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff?url'),
  NotoSansMath: () =>
    import('@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff?url'),
  NotoEmoji: () => import('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf?url'),
};

const declarees = new Set<PoliceSecours>();

/** Declares to pdfmake the fallback fonts `doc` prints with; pdfmake fetches each file once. */
async function declarerPolices(pdfMake: PdfMake, doc: TDocumentDefinitions): Promise<void> {
  for (const police of policesDuDocument(doc)) {
    if (declarees.has(police)) continue;
    const url = new URL((await URLS_SECOURS[police]()).default, window.location.href).href;
    pdfMake.addFonts({ [police]: quatreStyles(url) });
    declarees.add(police);
  }
}

function moteur(pdfMake: PdfMake): MoteurPdf<Blob> {
  return {
    mettreEnPage: async (doc) => {
      await declarerPolices(pdfMake, doc);
      await pdfMake.createPdf(doc).getStream();
    },
    produire: async (doc) => {
      await declarerPolices(pdfMake, doc);
      return pdfMake.createPdf(doc).getBlob();
    },
  };
}

/** The report with its page count, in the browser. */
export async function genererPdfNavigateurAvecPages(
  payload: RapportPayload,
): Promise<{ blob: Blob; pages: number }> {
  const { sortie, pages } = await rendreAvecNombrePages(moteur(await chargerPdfMake()), payload);
  return { blob: sortie, pages };
}

/**
 * The page count the report will have once signed by the payload's signers, in the browser: the
 * audited party's dialog states it before they sign (see rendu.ts `compterPages`).
 */
export async function compterPagesNavigateur(payload: RapportPayload): Promise<number> {
  const m = moteur(await chargerPdfMake());
  return compterPages((doc) => m.mettreEnPage(doc), payload);
}

/** The report of one AOP-IGP of a control as a PDF blob, in the browser (offline too). */
export async function genererPdfNavigateur(payload: RapportPayload): Promise<Blob> {
  return (await genererPdfNavigateurAvecPages(payload)).blob;
}
