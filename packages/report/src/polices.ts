import { estObjet, morceauxParPolice, type PoliceRapport } from '@estive/domain';
import type { Content, DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The report's fonts (docs/decisions.md, 'Report fonts'): Roboto for the text, then fallbacks
 * for what it does not draw — symbols, arrows and typographic spaces, emoji. pdfmake picks no
 * font per glyph, so every text of the document is cut into runs of the first font drawing each
 * grapheme (the domain's `morceauxParPolice`, whose table is generated from these files' cmaps).
 */
export type PoliceSecours = Exclude<PoliceRapport, 'Roboto'>;

/** Each fallback's file, a package path (resolved in Node, imported as an asset by the web app). */
export const FICHIERS_SECOURS: Record<PoliceSecours, string> = {
  NotoSansSymbols2:
    '@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff',
  NotoSansMath: '@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff',
  NotoEmoji: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
};

/** A fallback has one weight: bold and italic runs use it too (pdfmake requires all four). */
export const quatreStyles = (fichier: string) => ({
  normal: fichier,
  bold: fichier,
  italics: fichier,
  bolditalics: fichier,
});

/** What a grapheme no font draws prints as (legacy data: typing refuses it). */
const REMPLACEMENT = '?';

type Inline = string | { text: unknown; font?: string };

/** A text as pdfmake inlines: unchanged when Roboto draws it all, else runs with their font. */
function decouper(texte: string, utilisees: Set<PoliceSecours>): string | Inline[] {
  const morceaux = morceauxParPolice(texte);
  if (morceaux.length <= 1 && morceaux[0]?.police !== null) return texte;
  return morceaux.flatMap(({ texte: t, police }): Inline[] => {
    if (police === null) return [t.replace(/[\s\S]/gu, REMPLACEMENT)];
    if (police === 'Roboto') return [t];
    utilisees.add(police);
    // A monochrome emoji cannot show a skin tone: joined to its emoji, the modifier would vanish
    // into the ligature (and from the text layer). Shaped apart, it prints as its own swatch.
    return t
      .split(/(\p{Emoji_Modifier})/u)
      .filter((x) => x !== '')
      .map((x) => ({ text: x, font: police }));
  });
}

/** A `text` property: a string, or an array of strings and inlines (themselves with `text`). */
function texte(valeur: unknown, utilisees: Set<PoliceSecours>): unknown {
  if (typeof valeur === 'string') return decouper(valeur, utilisees);
  // An inline array holds strings and inline objects, not arrays: a cut string is spread in it.
  if (Array.isArray(valeur)) return valeur.flatMap((v) => texte(v, utilisees));
  if (valeur !== null && typeof valeur === 'object' && 'text' in valeur) {
    const inline = valeur;
    inline.text = texte(inline.text, utilisees);
  }
  return valeur;
}

/** A content node, walked in place: only what pdfmake prints as text is touched. */
function noeud(valeur: unknown, utilisees: Set<PoliceSecours>): unknown {
  if (typeof valeur === 'string') {
    const t = decouper(valeur, utilisees);
    return typeof t === 'string' ? t : { text: t };
  }
  if (Array.isArray(valeur)) return valeur.map((v) => noeud(v, utilisees));
  if (!estObjet(valeur)) return valeur;
  const n = valeur;
  if ('text' in n) n.text = texte(n.text, utilisees);
  for (const cle of ['stack', 'columns', 'ul', 'ol'] as const) {
    if (Array.isArray(n[cle])) n[cle] = noeud(n[cle], utilisees);
  }
  const table = n.table;
  if (estObjet(table) && Array.isArray(table.body)) {
    table.body = table.body.map((ligne: unknown) =>
      Array.isArray(ligne) ? noeud(ligne, utilisees) : ligne,
    );
  }
  return n;
}

const POLICES_DU_DOCUMENT = new WeakMap<TDocumentDefinitions, PoliceSecours[]>();

/** The fallback fonts the document prints with: the browser loads only these. */
export const policesDuDocument = (doc: TDocumentDefinitions): PoliceSecours[] =>
  POLICES_DU_DOCUMENT.get(doc) ?? [];

/** A running header or footer with its content cut into font runs on each page. */
function dynamique(f: DynamicContent, utilisees: Set<PoliceSecours>): DynamicContent {
  // noeud hands back the node it was given, its texts cut into runs: still a Content.
  return (...args) => noeud(f(...args), utilisees) as Content;
}

/**
 * The document with every text cut into font runs. Mutates and returns `doc`, freshly built by
 * the caller. The running header is the same on every page (its ODG and label names may need a
 * fallback): it is cut once here so its fonts are known before the layout, then on each page. The footer prints
 * only the report number, fingerprint and page numbers, so the fonts it needs are Roboto's; it
 * is cut too, per page, in case.
 */
export function avecPolices(doc: TDocumentDefinitions): TDocumentDefinitions {
  const utilisees = new Set<PoliceSecours>();
  // noeud hands back the node it was given, its texts cut into runs: still a Content.
  doc.content = noeud(doc.content, utilisees) as Content;
  if (typeof doc.header === 'function') {
    noeud(doc.header(1, 1, { width: 595, height: 842, orientation: 'portrait' }), utilisees);
    doc.header = dynamique(doc.header, new Set());
  }
  if (typeof doc.footer === 'function') doc.footer = dynamique(doc.footer, new Set());
  POLICES_DU_DOCUMENT.set(doc, [...utilisees]);
  return doc;
}
