/**
 * The bench's page script: the report package's browser entry, as the PWA bundles it (pdfmake's
 * browser build and its embedded fonts, loaded by the package's own dynamic imports).
 */
import { genererPdfNavigateurAvecPages, type RapportPayload } from '@estive/report';

export interface MesurePage {
  ms: number;
  pages: number;
  octets: number;
}

async function mesurer(payload: RapportPayload): Promise<MesurePage> {
  const debut = performance.now();
  const { blob, pages } = await genererPdfNavigateurAvecPages(payload);
  return { ms: performance.now() - debut, pages, octets: blob.size };
}

declare global {
  interface Window {
    mesurerRapport: typeof mesurer;
  }
}
window.mesurerRapport = mesurer;
