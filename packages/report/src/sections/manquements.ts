import type { Content, TableCell } from 'pdfmake/interfaces';
import type { ManquementPayload, RapportPayload } from '../payload';
import { COULEURS, TABLEAU, ou, th, titre } from '../theme';

/** The auditor's and the audited party's words, under the label they qualify. */
function precisions(m: ManquementPayload): Content[] {
  const lignes: Content[] = [];
  if (m.informationsAuditeur.trim() !== '')
    lignes.push({
      text: [{ text: 'Auditeur : ', bold: true }, m.informationsAuditeur],
      style: 'discret',
    });
  if (m.informationsAudite.trim() !== '')
    lignes.push({
      text: [{ text: 'Audité : ', bold: true }, m.informationsAudite],
      style: 'discret',
    });
  return lignes;
}

const ligne = (m: ManquementPayload): TableCell[] => [
  { text: m.code, bold: true },
  { stack: [{ text: m.libelle }, ...precisions(m)] },
  { text: ou(m.categorie) },
  { text: ou(m.valeur), alignment: 'right' },
  { text: ou(m.gravite), color: COULEURS.nc, bold: true },
];

/**
 * The shortcomings of this label. The severity column takes the label's own title
 * (`graviteColLabel`: 'Gravité', or 'Seuil'/'Récidive' for a migrated label, spec §3).
 */
export function sectionManquements(p: RapportPayload): Content[] {
  if (p.manquements.length === 0) {
    return [
      titre('Manquements'),
      { text: 'Aucun manquement', italics: true, color: COULEURS.texteDiscret },
    ];
  }
  return [
    titre('Manquements'),
    {
      table: {
        headerRows: 1,
        // A head row never ends a page alone, nor does a row break across pages.
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths: [44, '*', 86, 62, 50],
        body: [
          [
            th('Code'),
            th('Libellé'),
            th('Catégorie'),
            th('Valeur', 'right'),
            th(p.aopIgp.graviteColLabel),
          ],
          ...p.manquements.map(ligne),
        ],
      },
      layout: TABLEAU,
      style: 'cellule',
    },
  ];
}
