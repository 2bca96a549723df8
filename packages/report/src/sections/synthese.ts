import type { Content } from 'pdfmake/interfaces';
import type { RapportPayload } from '../payload';
import { COULEURS, titre } from '../theme';
import { texteImprimable } from '../texteLong';

const observation = (qui: string, texte: string): Content => ({
  stack: [
    { text: qui, style: 'sousTitre' },
    texte.trim() === ''
      ? { text: 'Aucune observation', style: 'discret', italics: true }
      : // Plain paragraphs flow over pages: a 5,000-character observation needs no splitting.
        { text: texteImprimable(texte), fontSize: 9 },
  ],
});

/** Spec part 2 §2 step 4: the general observations of both parties, as entered. */
export function sectionSynthese(p: RapportPayload): Content[] {
  const nbManquements = p.manquements.length;
  return [
    titre('Synthèse'),
    {
      text: [
        { text: 'Résultat : ', bold: true },
        nbManquements === 0
          ? { text: 'aucun manquement constaté', color: COULEURS.accent }
          : {
              text: `${nbManquements} manquement${nbManquements > 1 ? 's' : ''} constaté${nbManquements > 1 ? 's' : ''}`,
              color: COULEURS.nc,
              bold: true,
            },
      ],
      margin: [0, 0, 0, 2],
    },
    observation("Observations de l'auditeur", p.synthese.auditeur.observation),
    observation("Observations de l'audité", p.synthese.audite.observation),
  ];
}
