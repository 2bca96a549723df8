import type { Content, TableCell } from 'pdfmake/interfaces';
import type { RapportPayload } from '../payload';
import { COULEURS, TABLEAU, ou, th, titre } from '../theme';

/**
 * Spec §2 step 2 'Systeme exploitation': each group's points (code, label, formula, value, unit).
 * One table for all groups, each group as a banded row, so short groups do not each pay a header.
 * An ignored group is listed as such: the reader sees it was deliberately left out.
 */
export function systemeExploitation(p: RapportPayload): Content[] {
  if (p.sysExp.length === 0) return [];
  const corps: TableCell[][] = [[th('Code'), th('Libellé'), th('Formule'), th('Valeur'), th('Unité')]];
  for (const g of p.sysExp) {
    corps.push([
      {
        text: g.ignore ? `${g.libelle} — groupe ignoré` : g.libelle,
        colSpan: 5,
        bold: true,
        fontSize: 8.5,
        color: COULEURS.accent,
        fillColor: COULEURS.accentClair,
      },
      '',
      '',
      '',
      '',
    ]);
    if (g.ignore) continue;
    for (const pt of g.points) {
      corps.push([
        { text: pt.code, style: 'cellule', bold: true },
        { text: pt.libelle, style: 'cellule' },
        { text: pt.formule ?? '', style: 'discret' },
        { text: ou(pt.valeur), style: 'cellule', alignment: 'right' },
        { text: pt.unite, style: 'cellule' },
      ]);
    }
  }
  return [
    titre("Système d'exploitation"),
    {
      table: { headerRows: 1, dontBreakRows: true, widths: [44, '*', 90, 60, 60], body: corps },
      layout: TABLEAU,
    },
  ];
}
