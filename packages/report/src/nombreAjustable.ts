import { estObjet } from '@estive/domain';

/**
 * The page count printed in the audited party's statement, corrected after the layout when it
 * cannot move anything (issue 29 item 5: a layout of the largest report is seconds of a tablet).
 *
 * pdfmake gives the count only once the content is laid out. Laying the document out again with
 * the right number costs a whole layout; but a number of the same width lays out the same: pdfmake
 * places words by their widths only, and Roboto's figures share one width. So the statement's
 * node keeps the words pdfmake measured for it (`_inlines`, which it sets when it measures a text
 * node), and once the count is known the number's word takes the count's digits if they measure
 * exactly as wide in its font — the document is then the one a layout with the count would give
 * (pdfmake does the same for its own page references, at render time). Otherwise the caller lays
 * the document out again with the count printed.
 */
export interface NombreAjustable {
  /** The words pdfmake measured for the statement, latest layout first. */
  mots: unknown[];
}

const estTableau = (x: unknown): x is readonly unknown[] => Array.isArray(x);

/** The statement's node, its measured words kept in `suivi` (non-enumerable: not serialised). */
export function suivreMots<T extends object>(noeud: T, suivi: NombreAjustable): T {
  let mots: unknown = undefined;
  Object.defineProperty(noeud, '_inlines', {
    configurable: true,
    enumerable: false,
    get: () => mots,
    set: (valeur: unknown) => {
      mots = valeur;
      // pdfmake takes the words off this array as it lays them out: the kept list is a copy.
      suivi.mots = estTableau(valeur) ? [...valeur] : [];
    },
  });
  return noeud;
}

/** What pdfmake's measured words hold: pdfkit's font, which measures a string as pdfmake does. */
interface Police {
  widthOfString(texte: string, taille: number, options?: unknown): number;
}
const estPolice = (x: unknown): x is Police => estObjet(x) && typeof x.widthOfString === 'function';

/**
 * Puts `pages` in place of the printed `imprime` in the statement's measured words, if its digits
 * are exactly as wide; true when done (the layout is then the one `pages` would give).
 */
export function ajusterNombre(suivi: NombreAjustable, imprime: number, pages: number): boolean {
  const mot = suivi.mots.find((m) => estObjet(m) && m.text === String(imprime));
  if (!estObjet(mot) || !estPolice(mot.font) || typeof mot.fontSize !== 'number') return false;
  if (typeof mot.width !== 'number' || (mot.characterSpacing ?? 0) !== 0) return false;
  const texte = String(pages);
  if (mot.font.widthOfString(texte, mot.fontSize, mot.fontFeatures) !== mot.width) return false;
  mot.text = texte;
  return true;
}
