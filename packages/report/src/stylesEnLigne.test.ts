import { inflateSync } from 'node:zlib';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { moteurNode } from './node';
import { stylesEnLigne } from './stylesEnLigne';
import { STYLES, TABLEAU, th } from './theme';

/** Every stream of a PDF, inflated when compressed, sorted (objects' order aside). */
function flux(pdf: Buffer): string[] {
  const tous: string[] = [];
  const texte = pdf.toString('latin1');
  const entete = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = entete.exec(texte); m; m = entete.exec(texte)) {
    const longueur = Number(/\/Length (\d+)/.exec(m[1] ?? '')?.[1]);
    const brut = pdf.subarray(m.index + m[0].length, m.index + m[0].length + longueur);
    tous.push(((m[1] ?? '').includes('FlateDecode') ? inflateSync(brut) : brut).toString('latin1'));
    entete.lastIndex = m.index + m[0].length + longueur;
  }
  return tous.sort();
}

/** Named styles everywhere pdfmake takes them, over and under nodes' own properties. */
const document = (): TDocumentDefinitions => ({
  styles: { ...STYLES, gras: { bold: true, fontSize: 11 }, rouge: { color: '#b3261e' } },
  defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.1 },
  header: (page) => ({ text: `En-tête ${page}`, style: 'discret', margin: [40, 10, 40, 0] }),
  footer: (page, pages) => ({
    columns: [{ text: 'Pied', style: ['discret', 'gras'] }, { text: `${page}/${pages}` }],
    margin: [40, 0],
  }),
  content: [
    { text: 'Titre de section', style: 'titreSection' },
    { text: 'Sous-titre marge propre', style: 'sousTitre', margin: [0, 20, 0, 2] },
    {
      text: [
        'Un texte ',
        { text: 'en gras', style: 'gras' },
        ' puis ',
        { text: 'rouge', style: ['gras', 'rouge'], bold: false },
      ],
    },
    {
      style: 'cellule',
      layout: TABLEAU,
      table: {
        headerRows: 1,
        widths: [60, '*'],
        body: [
          [th('Code'), th('Observation', 'right')],
          ['PT-001', { text: 'Écart constaté au registre du lait. '.repeat(20), style: 'discret' }],
          [
            { text: 'PT-002', style: ['etiquette', 'gras'] },
            { stack: [{ text: 'Empilé', style: 'rouge' }, 'et hérité'] },
          ],
        ],
      },
    },
    { ul: [{ text: 'Liste', style: 'rouge' }, 'simple'], style: 'discret' },
  ],
});

describe('stylesEnLigne', () => {
  it('writes a named style into its node, under the node’s own properties, the last name first', () => {
    const doc = stylesEnLigne({
      styles: { a: { fontSize: 8, color: 'red' }, b: { fontSize: 10, bold: true } },
      content: [
        { text: 'x', style: ['a', 'b'], color: 'blue' },
        { text: 'y', style: 'inconnu' },
      ],
    });
    expect(doc.content).toEqual([
      { text: 'x', color: 'blue', fontSize: 10, bold: true },
      { text: 'y', style: 'inconnu' },
    ]);
  });

  it('keeps what a node holds beyond its plain fields (pdfmake’s measured words)', () => {
    const noeud: { text: string; style?: string; fontSize?: number; _inlines?: unknown } = {
      text: '3 pages',
      style: 'a',
    };
    let lus: unknown = null;
    Object.defineProperty(noeud, '_inlines', {
      get: () => lus,
      set: (v: unknown) => {
        lus = v;
      },
    });
    stylesEnLigne({ styles: { a: { fontSize: 8 } }, content: [noeud] });
    noeud._inlines = ['mot'];
    expect(lus).toEqual(['mot']);
    expect(noeud.fontSize).toBe(8);
  });

  it('lays out and renders the very PDF the named styles give', async () => {
    const m = moteurNode();
    const avant = await m.produire(document());
    const apres = await m.produire(stylesEnLigne(document()));
    expect(flux(apres)).toEqual(flux(avant));
    expect(JSON.stringify(stylesEnLigne(document()).content)).not.toContain('"style"');
  });
});
