import type { Content, TableCell } from 'pdfmake/interfaces';
import type { ManquementPayload, RapportPayload } from '../payload';
import { COULEURS, TABLEAU, th, titre } from '../theme';
import { estLong, rangeesTexteLong, texteCellule, texteImprimable } from '../texteLong';

/** A measure and its delay; a blank measure reads 'À définir' since the plan is a commitment. */
function mesure(texte: string, delai: string): TableCell {
  const lignes: Content[] = [
    texte.trim() === ''
      ? { text: 'À définir', italics: true, color: COULEURS.texteDiscret }
      : { text: estLong(texte) ? '(voir ci-dessous)' : texteImprimable(texte) },
  ];
  if (delai.trim() !== '')
    lignes.push({
      text: `Délai : ${texteCellule(delai)}`,
      style: 'discret',
      margin: [0, 1, 0, 0],
    });
  return { stack: lignes };
}

/** A text of the plan in rows of its own when too long for its cell (see texteLong.ts). */
const suite = (etiquette: string, texte: string): TableCell[][] =>
  estLong(texte) ? rangeesTexteLong(etiquette, texte, 4) : [];

/** A shortcoming's measures and delays, the long ones in rows of their own. */
const lignes = (m: ManquementPayload): TableCell[][] => [
  ligne(m),
  ...suite(`Mesure corrective (${m.code})`, m.mesureCorrective),
  ...suite(`Délai de la mesure corrective (${m.code})`, m.delaiCorrective),
  ...suite(`Mesure correctrice (${m.code})`, m.mesureCorrectrice),
  ...suite(`Délai de la mesure correctrice (${m.code})`, m.delaiCorrectrice),
];

const ligne = (m: ManquementPayload): TableCell[] => [
  { text: m.code, bold: true },
  { text: m.libelle },
  mesure(m.mesureCorrective, m.delaiCorrective),
  mesure(m.mesureCorrectrice, m.delaiCorrectrice),
];

/**
 * Spec part 2 step 3: for each shortcoming, the corrective measure (fixes this finding) and the
 * correcting measure (prevents it from recurring), each with its delay and date.
 */
export function sectionPlanProgres(p: RapportPayload): Content[] {
  if (p.manquements.length === 0) {
    return [
      titre('Plan de progrès'),
      {
        text: 'Aucun manquement : pas de plan de progrès',
        italics: true,
        color: COULEURS.texteDiscret,
      },
    ];
  }
  return [
    titre('Plan de progrès'),
    {
      table: {
        headerRows: 1,
        // A head row never ends a page alone, nor does a row break across pages.
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths: [44, '*', 150, 150],
        body: [
          [th('Code'), th('Manquement'), th('Mesure corrective'), th('Mesure correctrice')],
          ...p.manquements.flatMap(lignes),
        ],
      },
      layout: TABLEAU,
      style: 'cellule',
    },
  ];
}
