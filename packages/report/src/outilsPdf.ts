/**
 * Reading a rendered PDF back with poppler (`pdftotext`, `pdfinfo`), for tests and the
 * screenshot script: what a reader sees, not what the document definition says.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PdfLu {
  fichier: string;
  pages: number;
  /** Text of each page, in reading order, whitespace collapsed: wrapped lines read as one. */
  textePages: string[];
}

const aplatir = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Writes the PDF to a temporary file and reads its page count and per-page text. */
export function lirePdf(octets: Uint8Array, nom = 'rapport.pdf'): PdfLu {
  const fichier = join(mkdtempSync(join(tmpdir(), 'estive-rapport-')), nom);
  writeFileSync(fichier, octets);
  const info = execFileSync('pdfinfo', [fichier], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  // One pdftotext for the whole file (it ends each page with a form feed), not one per page: the
  // largest report has 339 pages.
  const pagesLues = execFileSync('pdftotext', [fichier, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }).split('\f');
  const textePages = Array.from({ length: pages }, (_, i) => aplatir(pagesLues[i] ?? ''));
  return { fichier, pages, textePages };
}

/**
 * Every page rasterised in grey at a low resolution, one buffer per page: two PDFs a reader cannot
 * tell apart give equal buffers even where pdfkit numbered their objects in another order (it
 * compresses images asynchronously, so their objects land in the order the compressions end).
 */
export function pixelsPages(octets: Uint8Array, dpi = 50): Buffer[] {
  const dossier = mkdtempSync(join(tmpdir(), 'estive-pixels-'));
  const fichier = join(dossier, 'rapport.pdf');
  writeFileSync(fichier, octets);
  execFileSync('pdftoppm', ['-gray', '-r', String(dpi), fichier, join(dossier, 'page')]);
  return readdirSync(dossier)
    .filter((nom) => nom.endsWith('.pgm'))
    .sort()
    .map((nom) => readFileSync(join(dossier, nom)));
}
