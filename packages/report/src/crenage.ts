import { estObjet } from '@estive/domain';
import { Analyse, analyserTable, champ, classeDe } from './crenageTables';

/**
 * Shaping a word of plain Latin text without fontkit's shaping engine, to the same result
 * (issue 29 item 5: the largest report spent half its layout in fontkit, one shaping per distinct
 * word — a plan built, every lookup of every feature walked — for words whose shaping is only
 * their glyphs' advances and their kerning pairs).
 *
 * A word takes this path only when the font's own tables prove the result equal to fontkit's:
 * - each character is Latin or common (digits, punctuation), not a mark nor default-ignorable,
 *   and the word has a Latin letter (fontkit then shapes it as 'latn');
 * - no glyph of the word is covered by a substitution or positioning lookup of the features
 *   fontkit applies by default, except kerning pairs and the start of ligatures or contextual
 *   substitutions, which are checked pair by pair: a pair that could start one (its second glyph
 *   is the ligature's next component, or the next glyph a context rule asks for) sends the word to
 *   fontkit;
 * - kerning pairs adjust only the first glyph's advance (no second value), so a word's kerning is
 *   the sum of its pairs': each pair's adjustment is read once from fontkit shaping that pair.
 * Anything the analysis does not know (another lookup type, a variable font, an unexpected
 * structure) disables the path for that font: fontkit shapes everything as before.
 */

/** What fontkit's glyphs give the PDF writer (pdfkit reads these). */
export interface Glyphe {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

/** A shaped word as pdfkit's `layoutRun` returns it: positions scaled to 1000 units per em. */
export interface Forme {
  glyphs: Glyphe[];
  positions: {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
    advanceWidth: number;
  }[];
  advanceWidth: number;
}

/** The fontkit font as used here. */
interface PoliceFontkit {
  glyphForCodePoint(cp: number): Glyphe;
  layout(
    texte: string,
    features?: unknown,
    script?: string,
  ): { glyphs: Glyphe[]; positions: unknown[] };
}

function estGlyphe(x: unknown): x is Glyphe {
  return (
    estObjet(x) &&
    typeof x.id === 'number' &&
    typeof x.advanceWidth === 'number' &&
    Array.isArray(x.codePoints)
  );
}

function estPoliceFontkit(x: unknown): x is PoliceFontkit {
  return estObjet(x) && typeof x.glyphForCodePoint === 'function' && typeof x.layout === 'function';
}

const LATIN = /^\p{Script=Latin}$/u;
const COMMUN = /^\p{Script=Common}$/u;
const EXCLUS = /^[\p{M}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\t]$/u;

/** A character's script as the fast path sees it; null: a word holding it goes to fontkit. */
type Classe = 'latin' | 'commun' | null;

/** A font's fast path: its analysis, its characters and its pairs' kerning, learnt as met. */
export class Crenage {
  private readonly classes = new Map<number, Classe>();
  /** A character's glyph, or null when the glyph may be changed by a default lookup. */
  private readonly glyphes = new Map<number, Glyphe | null>();
  /** A pair's kerning (font units), or null when the pair needs fontkit; keyed by both glyphs. */
  private readonly paires = new Map<number, number | null>();

  private constructor(
    private readonly police: PoliceFontkit,
    private readonly analyse: Analyse,
    private readonly classeGdef: unknown,
  ) {}

  /** The font's fast path, or null when its tables are not understood. */
  static de(police: unknown): Crenage | null {
    if (!estPoliceFontkit(police)) return null;
    if (
      champ(police, 'fvar') ||
      champ(police, 'morx') ||
      (champ(police, 'kern') && !champ(police, 'GPOS'))
    ) {
      return null;
    }
    const a = new Analyse();
    if (!analyserTable(a, champ(police, 'GSUB'), true)) return null;
    if (!analyserTable(a, champ(police, 'GPOS'), false)) return null;
    return new Crenage(police, a, champ(champ(police, 'GDEF'), 'glyphClassDef'));
  }

  /** From the code point alone: no glyph is fetched for a word that goes to fontkit. */
  private classe(cp: number): Classe {
    let r = this.classes.get(cp);
    if (r === undefined) {
      const c = String.fromCharCode(cp);
      r = EXCLUS.test(c) ? null : LATIN.test(c) ? 'latin' : COMMUN.test(c) ? 'commun' : null;
      this.classes.set(cp, r);
    }
    return r;
  }

  private glyphe(cp: number): Glyphe | null {
    let r = this.glyphes.get(cp);
    if (r === undefined) {
      const g: unknown = this.police.glyphForCodePoint(cp);
      const marque = estGlyphe(g) ? classeDe(this.classeGdef, g.id) : null;
      const libre = estGlyphe(g) && g.id !== 0 && !this.analyse.touches.has(g.id);
      r = libre && (this.classeGdef === undefined || (marque !== null && marque !== 3)) ? g : null;
      this.glyphes.set(cp, r);
    }
    return r;
  }

  /** The first glyph's kerning before the second, in font units; null: the pair needs fontkit. */
  private paire(a: number, b: number, ga: Glyphe, gb: Glyphe): number | null {
    const cle = ga.id * 0x10000 + gb.id;
    const connue = this.paires.get(cle);
    if (connue !== undefined) return connue;
    let r: number | null = null;
    if (!(this.analyse.suivants.get(ga.id) ?? []).some((s) => s(gb.id))) {
      const run = this.police.layout(String.fromCharCode(a, b), undefined, 'latn');
      const [p0, p1] = run.positions;
      const simple = (p: unknown, avance: number) =>
        champ(p, 'yAdvance') === 0 &&
        champ(p, 'xOffset') === 0 &&
        champ(p, 'yOffset') === 0 &&
        typeof champ(p, 'xAdvance') === 'number' &&
        (avance < 0 || champ(p, 'xAdvance') === avance);
      if (
        run.glyphs.length === 2 &&
        run.glyphs[0]?.id === ga.id &&
        run.glyphs[1]?.id === gb.id &&
        simple(p0, -1) &&
        simple(p1, gb.advanceWidth)
      ) {
        const x = champ(p0, 'xAdvance');
        if (typeof x === 'number') r = x - ga.advanceWidth;
      }
    }
    this.paires.set(cle, r);
    return r;
  }

  /**
   * The word shaped and scaled as pdfkit's `layoutRun(texte)` returns it, or null when fontkit
   * must shape it. Glyphs are fetched in the word's order, as fontkit does (fontkit keeps the code
   * points a glyph was first fetched for: the PDF's text layer maps the glyph to them).
   */
  former(texte: string, echelle: number): Forme | null {
    const n = texte.length;
    if (n === 0 || n > 64) return null;
    let latin = false;
    for (let i = 0; i < n; i++) {
      const c = this.classe(texte.charCodeAt(i));
      if (c === null) return null;
      latin ||= c === 'latin';
    }
    if (!latin) return null;
    // Only now are glyphs fetched: fontkit would fetch each of these one by one too (a variation
    // selector, which makes it fetch a glyph for a sequence, never gets here).
    const glyphes: Glyphe[] = [];
    for (let i = 0; i < n; i++) {
      const g = this.glyphe(texte.charCodeAt(i));
      if (!g) return null;
      glyphes.push(g);
    }
    const crenages: number[] = [];
    for (let i = 0; i < n - 1; i++) {
      const ga = glyphes[i];
      const gb = glyphes[i + 1];
      if (!ga || !gb) return null;
      const k = this.paire(texte.charCodeAt(i), texte.charCodeAt(i + 1), ga, gb);
      if (k === null) return null;
      crenages.push(k);
    }
    const positions: Forme['positions'] = [];
    let avance = 0;
    for (const [i, g] of glyphes.entries()) {
      // fontkit adds the pairs' adjustments to the glyph's advance, then pdfkit scales each field.
      const xAdvance = (g.advanceWidth + (crenages[i] ?? 0)) * echelle;
      positions.push({
        xAdvance,
        yAdvance: 0 * echelle,
        xOffset: 0 * echelle,
        yOffset: 0 * echelle,
        advanceWidth: g.advanceWidth * echelle,
      });
      avance += xAdvance;
    }
    return { glyphs: glyphes, positions, advanceWidth: avance };
  }
}
