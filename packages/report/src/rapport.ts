import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RapportPayload } from './payload';
import { blocEntete, enTetePage, piedPage } from './sections/entete';
import { manquements, planProgres } from './sections/manquements';
import { pointsControle } from './sections/points';
import { signatures } from './sections/signatures';
import { synthese } from './sections/synthese';
import { systemeExploitation } from './sections/sysExp';
import { STYLES } from './theme';

export interface OptionsConstruction {
  /**
   * The document's real page count, printed in the audited party's statement (spec §5). pdfmake
   * only knows it in headers and footers, so `genererAvecPages` lays the document out once to
   * learn it and passes it here for the final rendering. Defaults to 0 ('unknown yet').
   */
  pages?: number;
}

/**
 * The report of one AOP-IGP as a pdfmake document definition (A4, portrait). Pure and
 * synchronous: no fonts, no I/O, so it runs the same in the browser, in Node and in tests.
 * Section order follows the paper report the controllers know: synthesis first, then the detail.
 */
export function construireRapport(payload: RapportPayload, options: OptionsConstruction = {}): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [36, 64, 36, 44],
    info: {
      title: `Rapport d'audit ${payload.numeroRapport} — ${payload.aopIgp.libelle}`,
      author: payload.odgRef.raisonSociale,
      subject: `Contrôle ${payload.aopIgp.type} ${payload.aopIgp.libelle} du ${payload.dateControle}`.replace(/\s+/g, ' '),
      creator: 'Estive',
    },
    header: enTetePage(payload),
    footer: piedPage(payload),
    content: [
      blocEntete(payload),
      ...synthese(payload),
      ...manquements(payload),
      ...pointsControle(payload),
      ...systemeExploitation(payload),
      ...planProgres(payload),
      ...signatures(payload, options.pages ?? 0),
    ],
    // A section or category title alone at the bottom of a page moves to the next one.
    pageBreakBefore: (noeud, suite) =>
      noeud.headlineLevel !== undefined &&
      suite.getFollowingNodesOnPage().length === 0 &&
      suite.getNodesOnNextPage().length > 0,
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15, color: '#1d2327' },
    styles: STYLES,
  };
}
