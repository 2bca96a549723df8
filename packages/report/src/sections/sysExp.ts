import type { Content, TableCell } from 'pdfmake/interfaces';
import type { GroupeSysExpPayload, PointSysExpPayload, RapportPayload } from '../payload';
import { COULEURS, TABLEAU, ligneTitre, th, titre } from '../theme';
import { rangeesTexteLong, valeurCellule, valeurLongue } from '../texteLong';

const ligne = (pt: PointSysExpPayload): TableCell[] => [
  { text: pt.code, bold: true },
  { text: pt.libelle },
  { text: pt.formule ?? '', style: 'discret' },
  { text: valeurCellule(pt.valeur), alignment: 'right', bold: true },
  { text: pt.unite },
];

/** A line, and a value typed too long for its column in rows of its own (see texteLong.ts). */
const lignes = (pt: PointSysExpPayload): TableCell[][] => [
  ligne(pt),
  ...(valeurLongue(pt.valeur) ? rangeesTexteLong(`Valeur ${pt.code}`, pt.valeur, 5) : []),
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
        ...g.points.flatMap(lignes),
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
