import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixturePlusieursManquements } from './fixtures';
import { genererPdfAvecPages } from './node';
import { lirePdf } from './outilsPdf';

/** The seals the web app ships (apps/web/public/logos), as the device holds them. */
const sceau = (type: 'aop' | 'igp') =>
  `data:image/png;base64,${readFileSync(
    fileURLToPath(new URL(`../../../apps/web/public/logos/${type}.png`, import.meta.url)),
  ).toString('base64')}`;

/** Images placed on each page, as poppler lists them: [page, width, height]. */
function imagesParPage(fichier: string): [number, number, number][] {
  const liste = execFileSync('pdfimages', ['-list', fichier], { encoding: 'utf8' });
  return liste
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c.length > 4 && c[2] === 'image')
    .map((c) => [Number(c[0]), Number(c[3]), Number(c[4])]);
}

describe('logos in the report header', () => {
  it("prints the ODG's logo and the AOP seal on every page", async () => {
    const payload = fixturePlusieursManquements();
    payload.odgRef.logo = sceau('igp'); // any PNG: its 192×192 size tells it apart below
    payload.aopIgp.logoAopIgp = sceau('aop');
    const { pdf, pages } = await genererPdfAvecPages(payload);
    const lu = lirePdf(pdf);
    const images = imagesParPage(lu.fichier);
    for (let page = 1; page <= pages; page++) {
      const ici = images.filter(([p]) => p === page);
      // Both logos (the signatures are images too, on the last page).
      expect(ici.filter(([, l, h]) => l === 192 && h === 192).length).toBe(2);
    }
  });

  it('prints no empty frame without logos', async () => {
    const payload = fixturePlusieursManquements();
    payload.odgRef.logo = null;
    payload.aopIgp.logoAopIgp = null;
    const { pdf } = await genererPdfAvecPages(payload);
    const images = imagesParPage(lirePdf(pdf).fichier);
    expect(images.filter(([, l, h]) => l === 192 && h === 192)).toEqual([]);
  });
});
