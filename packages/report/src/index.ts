/**
 * Browser-safe entry of the audit report package: the payload type, the pdfmake document
 * builder, the browser renderer (pdfmake loaded lazily), the file name and the sha256.
 * Node callers use `@estive/report/node` for `genererPdf`.
 */
export type * from './payload';
export { construireRapport, type OptionsRapport } from './rapport';
export { LEGENDE_CONFORMITE } from './sections/points';
export {
  compterPagesNavigateur,
  genererPdfNavigateur,
  genererPdfNavigateurAvecPages,
} from './navigateur';
export { nomFichierRapport, sha256Hex } from './fichier';
export {
  construireAvisPassage,
  construirePlanning,
  type AppellationVisite,
  type AvisPassagePayload,
  type OdgDocument,
  type PlanningPayload,
  type VisitePlanning,
} from './tournee';
export { construireCourrier, type CourrierPayload, type TexteDocument } from './courrier';
