import type { Content, TableCell } from 'pdfmake/interfaces';
import type { CategoriePayload, PointCategoriePayload, RapportPayload } from '../payload';
import { COULEURS, TABLEAU, ligneTitre, ou, th, titre } from '../theme';
import { estLong, rangeesTexteLong, texteCellule, valeurCellule, valeurLongue } from '../texteLong';

/** Spec part 2 §3 enumerations, worded as the operator reads them. */
export const LEGENDE_CONFORMITE = 'C conforme, NC non conforme, SO sans objet, NO non observable';

const estNc = (pt: PointCategoriePayload) => pt.conformite === 'NC';

/**
 * A point's row, then its value (a written finding) and its observation in rows of their own when
 * too long for their columns.
 */
function lignes(pt: PointCategoriePayload): TableCell[][] {
  // An NC row is tinted as a whole: on a long grid the reader finds the findings at a glance.
  const fond = estNc(pt) ? { fillColor: COULEURS.ncFond } : {};
  return [
    ligne(pt, fond),
    ...(valeurLongue(pt.valeur) ? rangeesTexteLong(`Valeur ${pt.code}`, pt.valeur, 6, fond) : []),
    ...(estLong(pt.observation)
      ? rangeesTexteLong(`Observation ${pt.code}`, pt.observation, 6, fond)
      : []),
  ];
}

function ligne(pt: PointCategoriePayload, fond: { fillColor?: string }): TableCell[] {
  return [
    { text: pt.code, bold: true, ...fond },
    {
      stack: [
        { text: pt.libelle },
        ...(pt.reference ? [{ text: pt.reference, style: 'discret' }] : []),
      ],
      ...fond,
    },
    {
      text: ou(pt.conformite),
      alignment: 'center',
      bold: true,
      color: estNc(pt) ? COULEURS.nc : undefined,
      ...fond,
    },
    { text: valeurCellule(pt.valeur), alignment: 'right', ...fond },
    { text: texteCellule(pt.observation), ...fond },
    { text: pt.gravite, color: COULEURS.nc, ...fond },
  ];
}

function tableauCategorie(c: CategoriePayload, colonneGravite: string): Content {
  return {
    table: {
      headerRows: 2,
      // The head rows never end a page alone, nor does a row break across pages (a long
      // observation has rows of its own, each shorter than a page: see texteLong.ts).
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: [40, '*', 42, 58, 120, 50],
      body: [
        ligneTitre(c.code ? `${c.code} — ${c.libelle}` : c.libelle, 6),
        [
          th('Code'),
          th('Libellé'),
          th('Conformité'),
          th('Valeur', 'right'),
          th('Observation'),
          th(colonneGravite),
        ],
        ...c.points.flatMap(lignes),
      ],
    },
    layout: TABLEAU,
    style: 'cellule',
    margin: [0, 4, 0, 0],
  };
}

/** Every control point of this label, one table per category, with the conformity legend. */
export function sectionPoints(p: RapportPayload): Content[] {
  return [
    titre('Points de contrôle'),
    {
      text: [{ text: 'Légende : ', bold: true }, LEGENDE_CONFORMITE],
      style: 'discret',
      margin: [0, 0, 0, 2],
    },
    ...(p.categories.length === 0
      ? [{ text: 'Aucun point de contrôle', italics: true, color: COULEURS.texteDiscret }]
      : p.categories.map((c) => tableauCategorie(c, p.aopIgp.graviteColLabel))),
  ];
}
