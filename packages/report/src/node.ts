/**
 * `@estive/report/node`: the same report rendered in Node (tests, benchmark, server-side
 * regeneration), with pdfmake's Node build and the Roboto files it ships.
 */
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import pdfMake from 'pdfmake';
import { genererAvecPages, type MoteurPdf, type PdfGenere } from './generer';
import type { RapportPayload } from './payload';

export * from './index';

let pret = false;

/**
 * pdfmake in Node reads fonts from disk and would fetch any URL an image names. The report
 * needs neither network nor any file but the fonts: URLs are refused, and local reads limited
 * to pdfmake's own font directory (images come as data URLs in the payload).
 */
function moteur(): MoteurPdf {
  if (!pret) {
    const require = createRequire(import.meta.url);
    const polices = require.resolve('pdfmake/fonts/Roboto.js');
    const dossier = dirname(polices) + sep;
    pdfMake.setUrlAccessPolicy(() => false);
    pdfMake.setLocalAccessPolicy((chemin) => chemin.startsWith(dossier));
    pdfMake.setFonts(require(polices) as Parameters<typeof pdfMake.setFonts>[0]);
    pret = true;
  }
  return pdfMake;
}

/** The report as PDF bytes, with its real page count. */
export async function genererPdf(payload: RapportPayload): Promise<PdfGenere> {
  return genererAvecPages(moteur(), payload);
}
