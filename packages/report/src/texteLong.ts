import type { TableCell } from 'pdfmake/interfaces';

/**
 * Long free texts in the report's tables. pdfmake cannot break a table row across pages when the
 * table keeps its rows whole (`dontBreakRows`), and it silently drops a row taller than a page,
 * with the rest of its table. So a text that may not fit a cell is printed in full-width rows of
 * its own, each a piece short enough to fit any page: a 5,000-character observation (or one of
 * 5,000 line breaks) flows over as many pages as it needs and nothing disappears.
 */

/** A piece's budget: at the report's 8 pt on a full 515 pt row, well under half a page. */
const CARACTERES_PAR_MORCEAU = 900;
const LIGNES_PAR_MORCEAU = 12;

/** Above this, a text leaves its cell for full-width rows (about six lines of a narrow column). */
export const SEUIL_TEXTE_LONG = 240;
/**
 * The same for a value column (about 60 pt wide): a written finding (constat) or a value typed as
 * text leaves it past about five of its lines.
 */
export const SEUIL_VALEUR_LONGUE = 60;
const LIGNES_MAX_CELLULE = 4;

// Control characters (but tab and line feed) and lone surrogates print as nothing or break the
// PDF's text encoding: they are shown as a visible replacement instead of vanishing.
const INVISIBLES =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** pdfmake breaks lines only between words: a longer word would run off the page, clipped. */
const MOT_MAX = 30;
const MOT_TROP_LONG = new RegExp(`[^\\s\u200B]{${MOT_MAX}}(?=[^\\s\u200B])`, 'gu');

/**
 * The text as printed: carriage returns as line breaks, other invisible characters as '?', and
 * a break opportunity (zero-width space) every 30 characters of a word too long for a line.
 */
export const texteImprimable = (texte: string): string =>
  texte.replace(/\r\n?/g, '\n').replace(INVISIBLES, '?').replace(MOT_TROP_LONG, '$&\u200B');

/** A text too long for a table cell: it goes to full-width rows (see `morceaux`). */
export function estLong(texte: string, seuil = SEUIL_TEXTE_LONG): boolean {
  return texte.length > seuil || texte.split('\n').length > LIGNES_MAX_CELLULE;
}

/**
 * The text cut into pieces of at most `CARACTERES_PAR_MORCEAU` characters and
 * `LIGNES_PAR_MORCEAU` lines, cut at a line break or a space when there is one near the limit.
 * Joining the pieces gives back the text, but for the spaces or line breaks the cuts fall on.
 */
export function morceaux(texte: string): string[] {
  const resultat: string[] = [];
  let reste = texteImprimable(texte);
  while (reste.length > 0) {
    let fin = Math.min(reste.length, CARACTERES_PAR_MORCEAU);
    let sauts = 0;
    for (let i = 0; i < fin; i++) {
      if (reste[i] === '\n' && ++sauts === LIGNES_PAR_MORCEAU) {
        fin = i;
        break;
      }
    }
    if (fin < reste.length) {
      // Cut at the last line break, else the last space, in the second half of the piece.
      const coupe = Math.max(reste.lastIndexOf('\n', fin), reste.lastIndexOf(' ', fin));
      if (coupe > fin / 2) fin = coupe;
    }
    if (fin === 0) fin = 1;
    const morceau = reste.slice(0, fin);
    if (morceau.trim() !== '') resultat.push(morceau);
    reste = reste.slice(fin).replace(/^[ \n]/, '');
  }
  return resultat;
}

/**
 * A long text as full-width rows of a table of `colonnes` columns: its label on the first piece,
 * each piece a row that fits any page. `style` is applied to every cell (an NC row's tint).
 */
export function rangeesTexteLong(
  etiquette: string,
  texte: string,
  colonnes: number,
  style: Record<string, unknown> = {},
): TableCell[][] {
  return morceaux(texte).map((morceau, i) => [
    {
      text: i === 0 ? [{ text: `${etiquette} : `, bold: true }, morceau] : morceau,
      colSpan: colonnes,
      ...style,
    },
    ...Array.from({ length: colonnes - 1 }, (): TableCell => ''),
  ]);
}

/** A cell's text, or where to find it when it is printed in rows of its own. */
export const texteCellule = (texte: string, seuil = SEUIL_TEXTE_LONG): string =>
  estLong(texte, seuil) ? '(voir ci-dessous)' : texteImprimable(texte);

/** A value cell: '–' when blank, else as `texteCellule` with the value column's threshold. */
export const valeurCellule = (valeur: string): string =>
  valeur.trim() === '' ? '–' : texteCellule(valeur, SEUIL_VALEUR_LONGUE);

/** A value too long for its column: printed in rows of its own. */
export const valeurLongue = (valeur: string): boolean => estLong(valeur, SEUIL_VALEUR_LONGUE);
