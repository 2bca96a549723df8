import { caracteresNonImprimables, texteTropLong } from '../messages';
import { COUVERTURE_POLICES } from './couverturePolices';
import { clesDe } from '../objets';

/**
 * What the audit report can print (issue 27 item 5: the signed text is the typed text). The
 * report embeds a few fonts (COUVERTURE_POLICES, generated from their cmaps) and prints each
 * grapheme (a character with its accents, an emoji with its modifiers and joiners) in the first
 * font that draws all of its code points: pdfmake cannot fall back between fonts by itself. A
 * grapheme that no font draws is refused at typing, so nothing typed disappears from the PDF.
 */
export type PoliceRapport = keyof typeof COUVERTURE_POLICES;

/** Fallback order: the report's text font first, the emoji last. */
export const POLICES_RAPPORT = clesDe(COUVERTURE_POLICES);

/** Handled by the layout (line breaks, tab), not drawn by a font. */
const BLANCS_DE_MISE_EN_PAGE = new Set([0x09, 0x0a, 0x0d]);

/**
 * Invisible characters that change what the screen shows without showing themselves: controls,
 * and bidirectional marks and overrides (the browser reorders the text on screen, the PDF does
 * not, so the signed text would read differently from the typed one). Refused even where a font
 * maps them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

let tables: Map<PoliceRapport, Uint32Array> | undefined;

/** Each font's ranges as [start0, end0, start1, end1, …], parsed on first use. */
function plages(police: PoliceRapport): Uint32Array {
  tables ??= new Map(
    POLICES_RAPPORT.map((p) => {
      const bornes = COUVERTURE_POLICES[p].split(',').flatMap((r) => {
        const [a = '0', b = a] = r.split('-');
        return [parseInt(a, 16), parseInt(b, 16)];
      });
      return [p, Uint32Array.from(bornes)];
    }),
  );
  return tables.get(police) ?? new Uint32Array();
}

function dessine(police: PoliceRapport, point: number): boolean {
  const t = plages(police);
  let [bas, haut] = [0, t.length / 2 - 1];
  while (bas <= haut) {
    const milieu = (bas + haut) >> 1;
    if (point < (t[2 * milieu] ?? 0)) haut = milieu - 1;
    else if (point > (t[2 * milieu + 1] ?? 0)) bas = milieu + 1;
    else return true;
  }
  return false;
}

/** The report's text font draws every character: the common case, checked without segmenting. */
let toutRoboto: RegExp | undefined;
function enRobotoSeulement(texte: string): boolean {
  toutRoboto ??= new RegExp(
    `^[\\t\\n\\r${COUVERTURE_POLICES.Roboto.split(',')
      .map((r) =>
        r
          .split('-')
          .map((h) => `\\u{${h}}`)
          .join('-'),
      )
      .join('')}]*$`,
    'u',
  );
  return toutRoboto.test(texte) && !INVISIBLES.test(texte.replace(/[\t\n\r]/g, ''));
}

// Created on first use: a module-level constructor call would be kept by tree-shaking.
let segmenteur: Intl.Segmenter | null | undefined;

function* graphemes(texte: string): Generator<string> {
  segmenteur ??=
    typeof Intl.Segmenter === 'function'
      ? new Intl.Segmenter('fr', { granularity: 'grapheme' })
      : null;
  if (segmenteur) for (const s of segmenteur.segment(texte)) yield s.segment;
  else yield* texte; // by code point: an emoji sequence may then fall apart, never vanish
}

/** The font printing a grapheme, or null when it cannot be printed. */
export function policeDeGrapheme(grapheme: string): PoliceRapport | null {
  const points = Array.from(grapheme, (c) => c.codePointAt(0) ?? 0);
  if (points.every((p) => BLANCS_DE_MISE_EN_PAGE.has(p))) return 'Roboto';
  if (INVISIBLES.test(grapheme)) return null;
  return POLICES_RAPPORT.find((p) => points.every((pt) => dessine(p, pt))) ?? null;
}

export interface MorceauPolice {
  texte: string;
  /** null: no font prints it (the report shows '?' in its place, the entry refuses it). */
  police: PoliceRapport | null;
}

/** The text cut into runs of one font each, in order; joined they give the text back. */
export function morceauxParPolice(texte: string): MorceauPolice[] {
  if (enRobotoSeulement(texte)) return texte === '' ? [] : [{ texte, police: 'Roboto' }];
  const morceaux: MorceauPolice[] = [];
  for (const g of graphemes(texte)) {
    const police = policeDeGrapheme(g);
    const dernier = morceaux[morceaux.length - 1];
    if (dernier && dernier.police === police) dernier.texte += g;
    else morceaux.push({ texte: g, police });
  }
  return morceaux;
}

const codeDe = (g: string) =>
  Array.from(
    g,
    (c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
  ).join(' ');

/** The distinct graphemes of `texte` that the report cannot print, in order of appearance. */
export function graphemesNonImprimables(texte: string): string[] {
  const refuses = morceauxParPolice(texte)
    .filter((m) => m.police === null)
    .flatMap((m) => [...graphemes(m.texte)]);
  return [...new Set(refuses)];
}

/**
 * The French message refusing a typed text the report cannot print in full, or null when it
 * can. Fields whose text goes into the report call it on every change and keep the previous
 * value when it refuses (the message shows at the field). `longueurMax` bounds a field printed
 * where a long text cannot flow over pages (a signer's name sits with its signature frame).
 */
export function refusTexteRapport(texte: string, longueurMax?: number): string | null {
  if (longueurMax !== undefined && texte.length > longueurMax) return texteTropLong(longueurMax);
  const refuses = graphemesNonImprimables(texte);
  if (refuses.length === 0) return null;
  return caracteresNonImprimables(
    refuses.map((g) => ({
      texte: g,
      code: codeDe(g),
      invisible: INVISIBLES.test(g) || /^\p{Cs}$/u.test(g) || /^[\p{Cf}\p{Z}]+$/u.test(g),
    })),
  );
}
