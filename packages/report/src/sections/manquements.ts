import type { Content, TableCell } from 'pdfmake/interfaces';
import type { ManquementPayload, RapportPayload } from '../payload';
import { COULEURS, TABLEAU, ou, th, titre } from '../theme';
import {
  estLong,
  rangeesTexteLong,
  texteImprimable,
  valeurCellule,
  valeurLongue,
} from '../texteLong';

const PRECISIONS = [
  ['Auditeur', 'informationsAuditeur'],
  ['Audité', 'informationsAudite'],
] as const;

/** The auditor's and the audited party's words, under the label they qualify, when short. */
function precisions(m: ManquementPayload): Content[] {
  return PRECISIONS.filter(([, champ]) => m[champ].trim() !== '' && !estLong(m[champ])).map(
    ([qui, champ]): Content => ({
      text: [{ text: `${qui} : `, bold: true }, texteImprimable(m[champ])],
      style: 'discret',
    }),
  );
}

/** A shortcoming's row, then its long value and precisions in rows of their own (texteLong.ts). */
const lignes = (m: ManquementPayload): TableCell[][] => [
  ligne(m),
  ...(valeurLongue(m.valeur)
    ? rangeesTexteLong(`Valeur (${m.code})`, m.valeur, 5, { style: 'discret' })
    : []),
  ...PRECISIONS.filter(([, champ]) => estLong(m[champ])).flatMap(([qui, champ]) =>
    rangeesTexteLong(`${qui} (${m.code})`, m[champ], 5, { style: 'discret' }),
  ),
];

const ligne = (m: ManquementPayload): TableCell[] => [
  { text: m.code, bold: true },
  { stack: [{ text: m.libelle }, ...precisions(m)] },
  { text: ou(m.categorie) },
  { text: valeurCellule(m.valeur), alignment: 'right' },
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
          ...p.manquements.flatMap(lignes),
        ],
      },
      layout: TABLEAU,
      style: 'cellule',
    },
  ];
}
