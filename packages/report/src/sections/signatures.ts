import type { Column, Content } from 'pdfmake/interfaces';
import type { RapportPayload, SignatureNommee } from '../payload';
import { COULEURS, titre } from '../theme';

/** Spec §9 'Signature image size': 400×100 for the auditor, 200×100 for each audited signer. */
export const TAILLE_AUDITEUR: [number, number] = [400, 100];
export const TAILLE_AUDITE: [number, number] = [200, 100];

/**
 * The statement of spec §5 'Signature table text'. `pages` is the real page count of the final
 * document; see `genererAvecPages` for how it is known before the document is drawn.
 */
export const declarationLecture = (pages: number): string =>
  `L'audité déclare avoir pris connaissance de l'ensemble des ${pages} pages du présent rapport.`;

/** A signature image framed at its spec size, or the empty frame left to sign on paper. */
function cadre(image: string | null, [largeur, hauteur]: [number, number]): Content {
  const bord: Content = {
    canvas: [
      { type: 'rect', x: 0, y: 0, w: largeur, h: hauteur, lineWidth: 0.5, lineColor: COULEURS.trait },
    ],
  };
  if (!image) {
    return {
      stack: [bord, { text: 'Non signé', style: 'discret', italics: true, relativePosition: { x: 6, y: -hauteur + 4 } }],
    };
  }
  return { stack: [bord, { image, fit: [largeur, hauteur], relativePosition: { x: 0, y: -hauteur } }] };
}

const signataire = (s: SignatureNommee): Column => ({
  width: TAILLE_AUDITE[0] + 20,
  stack: [{ text: s.name, bold: true, fontSize: 9, margin: [0, 0, 0, 3] }, cadre(s.image, TAILLE_AUDITE)],
});

/** Audited signers two by two: two 200-wide frames fit the 523 pt of an A4 text width. */
function signatairesAudites(liste: SignatureNommee[]): Content[] {
  const rangees: Content[] = [];
  for (let i = 0; i < liste.length; i += 2) {
    rangees.push({ columns: liste.slice(i, i + 2).map(signataire), columnGap: 20, margin: [0, 0, 0, 10] });
  }
  return rangees.length > 0 ? rangees : [{ text: 'Aucune signature', style: 'discret', italics: true }];
}

/** Auditor, then audited parties of the report, then those of the progress plan when it exists. */
export function signatures(p: RapportPayload, pages: number): Content[] {
  const a = p.auditeur;
  const { rapport, planProgres } = p.synthese.audite.signatures;
  return [
    {
      // Kept together with its title: a signature never lands on a page without its heading.
      unbreakable: true,
      stack: [
        titre('Signatures'),
        { text: `Auditeur : ${a.prenom} ${a.nom}`.trim(), bold: true, fontSize: 9, margin: [0, 0, 0, 3] },
        cadre(p.synthese.auditeur.signature, TAILLE_AUDITEUR),
      ],
    },
    {
      unbreakable: true,
      margin: [0, 12, 0, 0],
      stack: [
        { text: "Audité — rapport d'audit", style: 'sousTitre' },
        { text: declarationLecture(pages), fontSize: 9, margin: [0, 0, 0, 6] },
        ...signatairesAudites(rapport),
      ],
    },
    ...(p.manquements.length > 0 && planProgres.length > 0
      ? [
          {
            unbreakable: true,
            margin: [0, 6, 0, 0],
            stack: [
              { text: 'Audité — plan de progrès', style: 'sousTitre' },
              ...signatairesAudites(planProgres),
            ],
          } satisfies Content,
        ]
      : []),
  ];
}
