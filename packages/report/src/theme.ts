import type {
  Alignment,
  Content,
  CustomTableLayout,
  StyleDictionary,
  TableCell,
} from 'pdfmake/interfaces';

/** A sober palette: one dark accent for titles and table heads, greys for rules and bands. */
export const COULEURS = {
  accent: '#1f4e5f',
  accentClair: '#e8eff1',
  trait: '#b8c4c9',
  texteDiscret: '#5b6b72',
  nc: '#b3261e',
  ncFond: '#fbeaea',
  zebre: '#f7f9fa',
} as const;

export const STYLES: StyleDictionary = {
  titreSection: { fontSize: 12, bold: true, color: COULEURS.accent, margin: [0, 14, 0, 6] },
  sousTitre: { fontSize: 10, bold: true, color: COULEURS.accent, margin: [0, 8, 0, 4] },
  entete: { fontSize: 8, bold: true, color: COULEURS.accent, fillColor: COULEURS.accentClair },
  etiquette: { fontSize: 7.5, color: COULEURS.texteDiscret },
  discret: { fontSize: 7.5, color: COULEURS.texteDiscret },
  cellule: { fontSize: 8 },
};

/**
 * Light horizontal rules only: a report read on a tablet and printed in black and white stays
 * legible without a grid of vertical lines. A table may open with a title row (see
 * `ligneTitre`): it then has two head rows and no rule above its title.
 */
export const TABLEAU: CustomTableLayout = {
  hLineWidth: (i, node) => {
    const tete = node.table.headerRows ?? 1;
    if (i === 0) return tete > 1 ? 0 : 0.8;
    return i === tete - 1 || i === tete || i === node.table.body.length ? 0.8 : 0.4;
  },
  vLineWidth: () => 0,
  hLineColor: (i, node) => (i <= (node.table.headerRows ?? 1) ? COULEURS.accent : COULEURS.trait),
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
  fillColor: (i, node) =>
    (node.table.headerRows ?? 0) <= i && i % 2 === 0 ? COULEURS.zebre : null,
};

/**
 * A group's title as the first head row of its table: pdfmake repeats it on every page the table
 * runs over and never leaves it alone at the foot of a page.
 */
export function ligneTitre(text: string, colonnes: number): TableCell[] {
  return [
    { text, colSpan: colonnes, style: 'sousTitre', margin: [-4, 4, 0, 0] },
    ...Array.from({ length: colonnes - 1 }, (): TableCell => ''),
  ];
}

/** A table head cell. */
export const th = (text: string, alignment: Alignment = 'left'): TableCell => ({
  text,
  style: 'entete',
  alignment,
});

/** A section title; kept with what follows so it never ends a page alone. */
export const titre = (text: string): Content => ({ text, style: 'titreSection', headlineLevel: 1 });

/** An empty string printed as an en dash, so a blank cell reads as 'nothing entered'. */
export const ou = (v: string): string => (v.trim() === '' ? '–' : v);
