import { inflateSync } from 'node:zlib';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { estObjet } from '@estive/domain';
import { Crenage } from './crenage';
import { fixturePlusieursManquements } from './fixtures';
import { documentPdfkit, moteurNode } from './node';
import { pdfkitAccelere } from './pdfkitRapide';
import { avecPolices } from './polices';
import { rendreAvecNombrePages } from './rendu';

/**
 * pdfkit's hot paths replaced (pdfkitRapide.ts, crenage.ts) must write the PDF pdfkit writes: the
 * same documents are rendered with pdfkit as published, then patched, in this order (the patch
 * is for the whole process), and every stream of both files is compared once inflated: page
 * contents (glyphs, positions), fonts' subsets, text layers' maps, images.
 */

/** Every stream of a PDF, inflated when compressed, as a sorted list (objects' order aside). */
function flux(pdf: Buffer): string[] {
  const tous: string[] = [];
  const entete = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = entete.exec(pdf.toString('latin1')); m; m = entete.exec(pdf.toString('latin1'))) {
    const longueur = Number(/\/Length (\d+)/.exec(m[1] ?? '')?.[1]);
    const brut = pdf.subarray(m.index + m[0].length, m.index + m[0].length + longueur);
    const contenu = (m[1] ?? '').includes('FlateDecode') ? inflateSync(brut) : brut;
    tous.push(contenu.toString('latin1'));
    entete.lastIndex = m.index + m[0].length + longueur;
  }
  return tous.sort();
}

/** French text and what typing brings: ligatures, kerning, accents, marks, symbols, emoji. */
const TEXTE = [
  'Génisses au pâturage, écart constaté : registre du lait à jour. Œuvre, cœur, Æsir, ÿ.',
  'office affiché fluide effluent baffle ﬁ — AVATAR Tempête Yoyo LT «VA» T.V. W.A. P.A.C.',
  'e\u0301 a\u0300 i\u0307 n\u0303 (marques combinantes) ; 1 950,5 kg/VL/an ; 12/03/2025 ; 45 %',
  'Ąą Şş Ţţ ĳ ŀl ǅ — ‘guillemets’ “anglais” … · • ‰ € £ ¥ § ¶ © ® ™ ° ± × ÷ ¼ ½ ¾',
  'espaces\u00a0insécables\u202ffines et\u200bcésure, ✓ ★ ⚠ → ≤ ≥ 🐄 🧀 👍🏽 TOKEN·123·ABC',
  // A variation selector makes fontkit fetch a glyph for the sequence: its text maps to both.
  'x❤ obs0x3❤️ ❤️ ⚠️ ©️ a© ™️ 3️⃣ #️⃣ ✔︎ 🇫🇷 👨‍👩‍👧',
  '!"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~',
].join('\n');

const DOCUMENT: TDocumentDefinitions = {
  content: [
    { text: TEXTE },
    { text: TEXTE, bold: true },
    { text: TEXTE, italics: true },
    { text: TEXTE, bold: true, italics: true, fontSize: 7.5 },
    {
      table: {
        widths: ['*', 60],
        body: [
          [{ text: TEXTE, colSpan: 2 }, ''],
          [TEXTE, { text: TEXTE, alignment: 'right' }],
        ],
      },
    },
    { text: TEXTE, alignment: 'justify' },
  ],
};

const document = () => avecPolices(structuredClone(DOCUMENT));

/** The four Roboto fonts of a rendered pdfkit document (pdfmake's font cache). */
function polices(doc: unknown): Record<string, unknown>[] {
  const cache = estObjet(doc) && estObjet(doc.fontCache) ? doc.fontCache.Roboto : undefined;
  return estObjet(cache) ? Object.values(cache).filter(estObjet) : [];
}

describe('pdfkit accéléré', () => {
  it('writes the same streams as pdfkit as published, for a report and for typed text of every kind', async () => {
    const publie = moteurNode({ pdfkitRapide: false });
    // Nothing patched yet in this process: the reference is pdfkit as published.
    expect(pdfkitAccelere(await documentPdfkit({ content: 'x' }))).toBe(false);
    const rapport = fixturePlusieursManquements();
    const avant = [
      (await rendreAvecNombrePages(publie, rapport, new Map())).sortie,
      await publie.produire(document()),
    ];

    const accelere = moteurNode();
    const apres = [
      (await rendreAvecNombrePages(accelere, rapport, new Map())).sortie,
      await accelere.produire(document()),
    ];
    expect(pdfkitAccelere(await documentPdfkit({ content: 'x' }))).toBe(true);

    for (const [i, pdf] of apres.entries()) {
      const attendu = flux(avant[i] ?? Buffer.alloc(0));
      expect(attendu.length).toBeGreaterThan(5);
      expect(flux(pdf)).toEqual(attendu);
    }
  });

  it('shapes a word as fontkit does, or leaves it to fontkit: every pair of 340 characters in the regular font, random words in all four', async () => {
    const doc = await documentPdfkit({
      content: [
        { text: 'a' },
        { text: 'a', bold: true },
        { text: 'a', italics: true },
        { text: 'a', bold: true, italics: true },
      ],
    });
    const fontes = polices(doc);
    expect(fontes).toHaveLength(4);
    const caracteres = [
      ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
      ...Array.from({ length: 0x180 - 0xa0 }, (_, i) => 0xa0 + i),
      ...[0x152, 0x153, 0x2019, 0x201c, 0x201d, 0x2013, 0x2014, 0x2026, 0x20ac, 0x202f, 0x200b],
      ...Array.from({ length: 9 }, (_, i) => 0x300 + i),
      0x1ef9,
      0xfb01,
    ].map((c) => String.fromCharCode(c));
    let graine = 29;
    const hasard = (n: number) => {
      graine = (graine * 1103515245 + 12345) % 2 ** 31;
      return graine % n;
    };
    const paires = caracteres.flatMap((a) => caracteres.map((b) => a + b));
    const mots = [
      ...Array.from({ length: 4000 }, () =>
        Array.from({ length: 2 + hasard(9) }, () => caracteres[hasard(caracteres.length)]).join(''),
      ),
      ...TEXTE.split(/(?<= )/),
    ];
    for (const [n, fonte] of fontes.entries()) {
      const crenage = Crenage.de(fonte.font);
      expect(crenage).not.toBeNull();
      const { layoutRun } = fonte;
      if (!crenage || typeof layoutRun !== 'function' || typeof fonte.scale !== 'number') return;
      let rapides = 0;
      for (const mot of n === 0 ? [...paires, ...mots] : mots) {
        const forme = crenage.former(mot, fonte.scale);
        if (!forme) continue;
        rapides++;
        const run: unknown = layoutRun.call(fonte, mot);
        const glyphes = estObjet(run) ? liste(run.glyphs) : [];
        const positions = estObjet(run) ? liste(run.positions) : [];
        expect(
          forme.glyphs.map((g) => g.id),
          mot,
        ).toEqual(glyphes.map((g) => champId(g)));
        // fontkit's positions are class instances: compared by their fields.
        expect(forme.positions, mot).toEqual(positions.map((p) => (estObjet(p) ? { ...p } : p)));
        expect(forme.advanceWidth, mot).toBe(estObjet(run) ? run.advanceWidth : NaN);
      }
      // Most pairs are plain: the fast path must not silently vanish.
      expect(rapides / mots.length).toBeGreaterThan(0.4);
    }
  });
});

const champId = (g: unknown) => (estObjet(g) ? g.id : undefined);
const liste = (x: unknown): readonly unknown[] =>
  Array.isArray(x) ? x.map((v: unknown) => v) : [];
