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
  it('prints the count the layout reached: a pass printing another is stopped before its render', async () => {
    const produits: TDocumentDefinitions[] = [];
    const { m, docs } = moteur(() => 42);
    const { sortie, pages } = await rendreAvecNombrePages(
      {
        mettreEnPage: (doc) => m.mettreEnPage(doc),
        produire: async (doc) => {
          const d = await m.produire(doc);
          produits.push(d);
          return d;
        },
      },
      fixturePlusieursManquements(),
      new Map(),
    );
    expect(pages).toBe(42);
    // The estimate printed first was not 42 (and the fake has no measured words to correct).
    expect(docs).toHaveLength(2);
    expect(produits).toEqual([sortie]);
    expect(texte(sortie)).toContain('data:image/png');
    expect(texte(sortie)).toContain("l'intégralité des ");
    expect(texte(sortie)).toContain('"text":"42"');
  });

  it('renders again when printing the count changes it', async () => {
    // 40 pages reached; printing '40' pushes a line onto a 41st page; printing '41' keeps 41.
    const { m, docs } = moteur((_doc, passe) => (passe === 1 ? 40 : 41));
    const { pages, sortie } = await rendreAvecNombrePages(
      m,
      fixturePlusieursManquements(),
      new Map(),
    );
    expect(pages).toBe(41);
    expect(docs).toHaveLength(3);
    expect(texte(sortie)).toContain('"text":"41"');
  });

  it('lays a report out once when its count is known, again when it changed', async () => {
    const comptes = new Map<string, number>();
    const payload = fixturePlusieursManquements();
    let n = 7;
    const { m, docs } = moteur(() => n);
    await rendreAvecNombrePages(m, payload, comptes);
    expect(docs).toHaveLength(2);
    expect((await rendreAvecNombrePages(m, payload, comptes)).pages).toBe(7);
    expect(docs).toHaveLength(3);
    // The report grew: the remembered 7 is only a guess, the layout's 8 is printed.
    n = 8;
    const { sortie, pages } = await rendreAvecNombrePages(m, payload, comptes);
    expect(pages).toBe(8);
    expect(docs).toHaveLength(5);
    expect(texte(sortie)).toContain('"text":"8"');
    expect(texte(sortie)).not.toContain('"text":"7"');
  });

  it('gives up on a count that never settles', async () => {
    const { m } = moteur((_doc, passe) => passe + 1);
    await expect(
      rendreAvecNombrePages(m, fixturePlusieursManquements(), new Map()),
    ).rejects.toThrow(/instable/);
  });
});
