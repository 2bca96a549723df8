import type { Content, Node, NodeQueries, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RapportPayload } from './payload';
import { blocEntete, enTeteDePage, MARGES, piedDePage } from './sections/entete';
import { sectionManquements } from './sections/manquements';
import { sectionPlanProgres } from './sections/planProgres';
import { sectionPoints } from './sections/points';
import { sectionSignatures } from './sections/signatures';
import { sectionSynthese } from './sections/synthese';
import { sectionSysExp } from './sections/sysExp';
import type { NombreAjustable } from './nombreAjustable';
import { avecPolices } from './polices';
import { stylesEnLigne } from './stylesEnLigne';
import { STYLES } from './theme';

export interface OptionsRapport {
  /**
   * The report's page count, printed in the audited party's statement. The renderers
   * (`genererPdf`, `genererPdfNavigateur`) learn it from a first layout; without it the statement
   * uses a pdfmake page reference (see sections/signatures.ts).
   */
  nombrePages?: number;
  /** Called by the footer with pdfmake's page count, once per page. */
  surNombrePages?: (n: number) => void;
  /** Keeps the statement's measured words, to correct its number after the layout. */
  suiviNombrePages?: NombreAjustable;
}

/**
 * A section or group title never ends a page: if nothing follows it on its page, it moves to
 * the next one. (pdfmake re-runs the layout for each such move; a report has a handful.)
 */
function titreOrphelin(node: Node, ctx: NodeQueries): boolean {
  return node.headlineLevel !== undefined && ctx.getFollowingNodesOnPage().length === 0;
}

/**
 * The audit report of ONE AOP-IGP of a control (spec part 1 §1, part 2 §7, §9): A4, running
 * header and 'Page x/n' footer, then identity, synthesis, shortcomings, control points,
 * exploitation system, progress plan and signatures. Pure: the same payload gives the same document.
 */
export function construireRapport(
  payload: RapportPayload,
  options: OptionsRapport = {},
): TDocumentDefinitions {
  const content: Content[] = [
    ...blocEntete(payload),
    ...sectionSynthese(payload),
    ...sectionManquements(payload),
    ...sectionPoints(payload),
    ...sectionSysExp(payload),
    ...sectionPlanProgres(payload),
    ...sectionSignatures(payload, options.nombrePages, options.suiviNombrePages),
  ];
  // Every text in runs of the fonts that draw it: emoji and symbols print (see polices.ts); the
  // named styles written into their nodes, for the layout's speed (see stylesEnLigne.ts).
  const doc = avecPolices({
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: MARGES,
    info: {
      title: `Rapport d'audit ${payload.numeroRapport} — ${payload.aopIgp.libelle}`,
      author: payload.odgRef.raisonSociale,
      subject: `Contrôle du ${payload.dateControle} — ${payload.audite.raisonSociale}`,
      creator: 'Estive',
    },
    header: enTeteDePage(payload),
    footer: piedDePage(payload, options.surNombrePages),
    content,
    styles: STYLES,
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.1 },
    pageBreakBefore: titreOrphelin,
  });
  return stylesEnLigne(doc);
}
