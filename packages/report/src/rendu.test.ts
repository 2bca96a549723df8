import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { fixturePlusieursManquements } from './fixtures';
import { rendreAvecNombrePages, type MoteurPdf } from './rendu';

/**
 * A fake pdfmake: `pages(doc)` decides how many pages a document lays out to; the footer is
 * called as pdfmake does, and the rendered 'bytes' are the document itself.
 */
function moteur(pages: (doc: TDocumentDefinitions, passe: number) => number) {
  const docs: TDocumentDefinitions[] = [];
  const mettre = (doc: TDocumentDefinitions) => {
    docs.push(doc);
    const n = pages(doc, docs.length);
    if (typeof doc.footer === 'function')
      for (let i = 1; i <= n; i++)
        doc.footer(i, n, { width: 595, height: 842, orientation: 'portrait' });
  };
  const m: MoteurPdf<TDocumentDefinitions> = {
    mettreEnPage: async (doc) => mettre(doc),
    produire: async (doc) => (mettre(doc), doc),
  };
  return { m, docs };
}

const texte = (doc: TDocumentDefinitions) => JSON.stringify(doc.content);

describe('rendreAvecNombrePages', () => {
  it('counts on a first layout without signature images, then prints the count', async () => {
    const { m, docs } = moteur(() => 3);
    const { sortie, pages } = await rendreAvecNombrePages(m, fixturePlusieursManquements());
    expect(pages).toBe(3);
    expect(docs).toHaveLength(2);
    expect(texte(docs[0]!)).not.toContain('data:image/png');
    expect(texte(sortie)).toContain('data:image/png');
    expect(texte(sortie)).toContain("l'intégralité des ");
    expect(texte(sortie)).toContain('"text":"3"');
  });

  it('renders again when printing the count changes it', async () => {
    // 4 pages counted; printing '4' pushes a line onto a 5th page; printing '5' keeps 5.
    const { m, docs } = moteur((_doc, passe) => (passe === 1 ? 4 : 5));
    const { pages, sortie } = await rendreAvecNombrePages(m, fixturePlusieursManquements());
    expect(pages).toBe(5);
    expect(docs).toHaveLength(3);
    expect(texte(sortie)).toContain('"text":"5"');
  });

  it('gives up on a count that never settles', async () => {
    const { m } = moteur((_doc, passe) => passe + 1);
    await expect(rendreAvecNombrePages(m, fixturePlusieursManquements())).rejects.toThrow(
      /instable/,
    );
  });
});
