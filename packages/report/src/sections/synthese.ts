import type { Content } from 'pdfmake/interfaces';
import type { RapportPayload } from '../payload';
import { COULEURS, titre } from '../theme';

const observation = (qui: string, texte: string): Content => ({
  margin: [0, 0, 0, 6],
  stack: [
    { text: qui, style: 'sousTitre', margin: [0, 2, 0, 2] },
    texte.trim() === ''
      ? { text: 'Aucune observation', italics: true, color: COULEURS.texteDiscret, fontSize: 9 }
      : { text: texte, fontSize: 9 },
  ],
});

/** Spec §2 step 4: the general observations of both parties, and the outcome in one line. */
export function synthese(p: RapportPayload): Content[] {
  const n = p.manquements.length;
  const bilan =
    n === 0
      ? 'Aucun manquement constaté.'
      : `${n} manquement${n > 1 ? 's' : ''} constaté${n > 1 ? 's' : ''}, détaillé${n > 1 ? 's' : ''} ci-dessous.`;
  return [
    titre("Synthèse de l'audit"),
    {
      text: bilan,
      bold: true,
      fontSize: 9.5,
      color: n === 0 ? COULEURS.accent : COULEURS.nc,
      margin: [0, 0, 0, 4],
    },
    observation("Observations de l'auditeur", p.synthese.auditeur.observation),
    observation("Observations de l'audité", p.synthese.audite.observation),
  ];
}
