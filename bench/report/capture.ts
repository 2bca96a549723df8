/**
 * Renders page 1 of the several-shortcomings report (the Comté farm of the fixtures) to
 * docs/screenshots/rapport-page-1.png, as the README shows it: `npx tsx bench/report/capture.ts`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fixturePlusieursManquements } from '@estive/report/fixtures';
import { genererPdfAvecPages } from '@estive/report/node';
import { lirePdf } from '@estive/report/outilsPdf';
import { racine } from '../lib/serveur';

const { pdf } = await genererPdfAvecPages({
  ...fixturePlusieursManquements(),
  empreinte: '3f9a1c07b2e4',
});
const { fichier } = lirePdf(pdf);
const sortie = path.join(racine, 'docs/screenshots/rapport-page-1');
// -singlefile: the exact name, without pdftoppm's page-number suffix.
execFileSync('pdftoppm', [
  '-png',
  '-r',
  '80',
  '-f',
  '1',
  '-l',
  '1',
  '-singlefile',
  fichier,
  sortie,
]);
console.log(`${sortie}.png`);
