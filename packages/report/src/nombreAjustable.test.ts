import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { fixturePlusieursManquements } from './fixtures';
import { moteurNode } from './node';
import { lirePdf, pixelsPages } from './outilsPdf';
import { rendreAvecNombrePages, type MoteurPdf } from './rendu';

/** The real pdfmake, its creation date fixed so that two renders print the same dates. */
function moteurDate(): MoteurPdf<Buffer> & { rendus: number } {
  const m = moteurNode();
  const fixe = (doc: TDocumentDefinitions) => ({
    ...doc,
    info: { ...doc.info, creationDate: new Date(Date.UTC(2025, 5, 12)) },
  });
  const moteur = {
    rendus: 0,
    mettreEnPage: (doc: TDocumentDefinitions) => m.mettreEnPage(fixe(doc)),
    produire: async (doc: TDocumentDefinitions) => {
      const pdf = await m.produire(fixe(doc));
      moteur.rendus++;
      return pdf;
    },
  };
  return moteur;
}

describe("the statement's page count corrected after the layout (issue 29 item 5)", () => {
  it('gives the very pages of a layout printing the count, in one pass', async () => {
    const payload = fixturePlusieursManquements();
    const juste = await rendreAvecNombrePages(moteurDate(), payload, new Map());
    const n = juste.pages;
    expect(n).toBeGreaterThan(1);

    // A pass printing n itself, then one printing a wrong count of as many digits.
    const exact = await rendreAvecNombrePages(
      moteurDate(),
      payload,
      new Map([[payload.numeroRapport, n]]),
    );
    const faux = String(n + 1).length === String(n).length ? n + 1 : n - 1;
    const moteur = moteurDate();
    const corrige = await rendreAvecNombrePages(
      moteur,
      payload,
      new Map([[payload.numeroRapport, faux]]),
    );
    expect(corrige.pages).toBe(n);
    expect(moteur.rendus).toBe(1);
    // The same document to the pixel: only the order of the images' objects may differ.
    const pixels = pixelsPages(corrige.sortie);
    expect(pixels).toHaveLength(n);
    expect(pixels).toEqual(pixelsPages(exact.sortie));
    const texte = lirePdf(corrige.sortie).textePages.join(' ');
    expect(texte).toContain(`l'intégralité des ${n} pages du présent rapport.`);
    expect(texte).not.toContain(`des ${faux} pages`);
  });

  it('lays the report out again when the counts differ in width, or one of them is 1', async () => {
    const payload = fixturePlusieursManquements();
    const n = (await rendreAvecNombrePages(moteurDate(), payload, new Map())).pages;
    for (const faux of [n * 10, 1]) {
      const { sortie, pages } = await rendreAvecNombrePages(
        moteurDate(),
        payload,
        new Map([[payload.numeroRapport, faux]]),
      );
      expect(pages).toBe(n);
      const texte = lirePdf(sortie).textePages.join(' ');
      expect(texte).toContain(`l'intégralité des ${n} pages du présent rapport.`);
      expect(texte).not.toContain('unique page');
    }
  });
});
