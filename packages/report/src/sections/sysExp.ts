import type { Content, TableCell } from 'pdfmake/interfaces';
import type { GroupeSysExpPayload, PointSysExpPayload, RapportPayload } from '../payload';
import { COULEURS, TABLEAU, ligneTitre, ou, th, titre } from '../theme';

const ligne = (pt: PointSysExpPayload): TableCell[] => [
  { text: pt.code, bold: true },
  { text: pt.libelle },
  { text: pt.formule ?? '', style: 'discret' },
  { text: ou(pt.valeur), alignment: 'right', bold: true },
  { text: pt.unite },
];

function groupe(g: GroupeSysExpPayload): Content {
  // An ignored group was deliberately left out by the auditor (spec part 2 §4): say so rather
  // than print a table of blanks that would read as missing data.
  if (g.ignore) {
    return {
      stack: [
        { text: g.libelle, style: 'sousTitre', headlineLevel: 2 },
        { text: 'Groupe ignoré lors du contrôle', italics: true, style: 'discret' },
      ],
      unbreakable: true,
    };
  }
  return {
    table: {
      headerRows: 2,
      // The head rows never end a page alone, nor does a row break across pages.
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: [40, '*', 120, 60, 50],
      body: [
        ligneTitre(g.libelle, 5),
        [th('Code'), th('Libellé'), th('Formule'), th('Valeur', 'right'), th('Unité')],
        ...g.points.map(ligne),
      ],
    },
    layout: TABLEAU,
    style: 'cellule',
    margin: [0, 4, 0, 0],
  };
}

/** The farm's figures (surfaces, herd, milk) and the values computed from them. */
export function sectionSysExp(p: RapportPayload): Content[] {
  return [
    titre("Système d'exploitation"),
    ...(p.sysExp.length === 0
      ? [
          {
            text: "Aucune donnée du système d'exploitation",
            italics: true,
            color: COULEURS.texteDiscret,
          },
        ]
      : p.sysExp.map(groupe)),
  ];
}
