/**
 * Node entry (tests, server-side regeneration, benchmarks): pdfmake's server build reading the
 * Roboto files of its own `fonts` directory and the fallback fonts from their packages.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type * as PdfMakeNode from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RapportPayload } from './payload';
import { accelererPdfkit, DOCUMENT_AMORCE } from './pdfkitRapide';
import { FICHIERS_SECOURS, quatreStyles } from './polices';
import { compterPages, rendreAvecNombrePages, type MoteurPdf } from './rendu';

export * from './index';

// pdfmake is CommonJS exporting an instance whose methods live on its prototype: an ESM
// namespace import would not see them, `require` does.
const require = createRequire(import.meta.url);
type PdfMake = typeof PdfMakeNode;

let moteur: PdfMake | undefined;

function pdfMake(): PdfMake {
  if (moteur) return moteur;
  // require() answers any: pdfmake's Node entry is the module its types describe.
  const pdfmake = require('pdfmake') as PdfMake;
  const polices = dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
  const secours = Object.fromEntries(
    Object.entries(FICHIERS_SECOURS).map(([nom, f]) => [nom, quatreStyles(require.resolve(f))]),
  );
  pdfmake.setFonts({
    Roboto: {
      normal: `${polices}/Roboto-Regular.ttf`,
      bold: `${polices}/Roboto-Medium.ttf`,
      italics: `${polices}/Roboto-Italic.ttf`,
      bolditalics: `${polices}/Roboto-MediumItalic.ttf`,
    },
    ...secours,
  });
  const fichiers = new Set(Object.values(secours).map((s) => s.normal));
  // The report embeds only data URLs: no network fetch, and no file read outside the fonts.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((chemin) => chemin.startsWith(polices) || fichiers.has(chemin));
  moteur = pdfmake;
  return pdfmake;
}

let amorce: Promise<void> | undefined;

/** pdfkit's hot paths patched once, through a one-word document (pdfkitRapide.ts). */
function pret(pdfmake: PdfMake): Promise<void> {
  amorce ??= pdfmake
    .createPdf(DOCUMENT_AMORCE)
    .getStream()
    .then((document) => {
      accelererPdfkit(document);
    });
  return amorce;
}

/**
 * pdfmake in Node, as the report's render drives it (rendu.ts). `pdfkitRapide: false` leaves
 * pdfkit as published, for a test comparing both: only before anything patched it in the process.
 */
export function moteurNode({ pdfkitRapide = true } = {}): MoteurPdf<Buffer> {
  const pdfmake = pdfMake();
  const avant = () => (pdfkitRapide ? pret(pdfmake) : Promise.resolve());
  return {
    mettreEnPage: async (doc: TDocumentDefinitions) => {
      await avant();
      await pdfmake.createPdf(doc).getStream();
    },
    produire: async (doc: TDocumentDefinitions) => {
      await avant();
      return pdfmake.createPdf(doc).getBuffer();
    },
  };
}

/**
 * The pdfkit document pdfmake lays out and renders for `doc`, not ended: for tests reading
 * pdfkit's objects (pdfkitRapide.test.ts). pdfkit is left as it is at the time of the call.
 */
export function documentPdfkit(doc: TDocumentDefinitions): Promise<unknown> {
  return pdfMake().createPdf(doc).getStream();
}

/** The report as PDF bytes, with its page count (printed in the audited party's statement). */
export async function genererPdfAvecPages(
  payload: RapportPayload,
): Promise<{ pdf: Buffer; pages: number }> {
  const { sortie, pages } = await rendreAvecNombrePages(moteurNode(), payload);
  return { pdf: sortie, pages };
}

/** The page count the report will have, signers included, without producing it (see rendu.ts). */
export function compterPagesRapport(payload: RapportPayload): Promise<number> {
  const pdfmake = pdfMake();
  return compterPages(async (doc) => {
    await pret(pdfmake);
    await pdfmake.createPdf(doc).getStream();
  }, payload);
}

/** The report of one AOP-IGP of a control as PDF bytes. */
export async function genererPdf(payload: RapportPayload): Promise<Buffer> {
  return (await genererPdfAvecPages(payload)).pdf;
}

/** Any document of the package (planning, avis de passage) as PDF bytes. */
export async function genererDocumentPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const pdfmake = pdfMake();
  await pret(pdfmake);
  return pdfmake.createPdf(doc).getBuffer();
}
