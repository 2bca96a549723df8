import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RapportPayload } from './payload';
import { construireRapport } from './rapport';

/** What both pdfmake builds (browser and Node) offer that the report needs. */
export interface MoteurPdf {
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Uint8Array> };
}

export interface PdfGenere {
  octets: Uint8Array;
  pages: number;
}

/** A document whose page count can only change by the statement's digits settles in 2 passes; 4 is a safety stop. */
const PASSES_MAX = 4;

/**
 * Renders the report with the real page count in the audited party's statement (spec §5: 'the
 * audited party declares having read all n pages').
 *
 * pdfmake only gives the page count to header and footer callbacks, never to content. So the
 * document is rendered, the total seen by the footer recorded, and rendered again with that total
 * in the statement. The statement is one short line whatever n is, so the second pass has the
 * same page count and is kept; should it differ (a number wrapping a line at a page's very end),
 * the loop renders again until the count printed equals the count laid out.
 */
export async function genererAvecPages(moteur: MoteurPdf, payload: RapportPayload): Promise<PdfGenere> {
  let annoncees = 0;
  for (let passe = 1; ; passe++) {
    const doc = construireRapport(payload, { pages: annoncees });
    let comptees = 0;
    const pied = doc.footer;
    doc.footer = (page, total, taille) => {
      comptees = total;
      return typeof pied === 'function' ? pied(page, total, taille) : pied;
    };
    const octets = await moteur.createPdf(doc).getBuffer();
    if (comptees === annoncees || passe >= PASSES_MAX) return { octets, pages: comptees };
    annoncees = comptees;
  }
}
