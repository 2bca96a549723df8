import type { Content, ContentStack, ContentText } from 'pdfmake/interfaces';
import type { RapportPayload, SignatureNommee } from '../payload';
import { suivreMots, type NombreAjustable } from '../nombreAjustable';
import { COULEURS, titre } from '../theme';

/** Id of the report's last node: its page number is the page count (see `declaration`). */
export const ID_FIN_RAPPORT = 'fin-du-rapport';

/**
 * Spec part 2 §9: the auditor's image is 400×100. The audited party now signs on a pad of the
 * same size (docs/decisions.md): its 4:1 image fits a 240×60 frame, two frames to a line.
 */
const CADRE_AUDITEUR: [number, number] = [400, 100];
const CADRE_AUDITE: [number, number] = [240, 60];

/** A signature in its frame; an unsigned frame stays empty with a discreet note (preview). */
function cadre(image: string | null, [largeur, hauteur]: [number, number]): Content {
  return {
    table: {
      widths: [largeur],
      heights: [hauteur],
      body: [
        [
          image
            ? { image, fit: [largeur, hauteur], alignment: 'center' }
            : {
                text: 'En attente de signature',
                style: 'discret',
                italics: true,
                margin: [0, hauteur / 2 - 6, 0, 0],
                alignment: 'center',
              },
        ],
      ],
    },
    layout: {
      hLineColor: () => COULEURS.trait,
      vLineColor: () => COULEURS.trait,
      hLineWidth: () => 0.6,
      vLineWidth: () => 0.6,
      paddingLeft: () => 0,
      paddingRight: () => 0,
      paddingTop: () => 0,
      paddingBottom: () => 0,
    },
  };
}

const signataire = (
  qui: string,
  nom: string,
  image: string | null,
  taille: [number, number],
): ContentStack => ({
  stack: [
    {
      text: [
        { text: `${qui} : `, style: 'etiquette' },
        { text: nom, bold: true },
      ],
      margin: [0, 0, 0, 3],
    },
    cadre(image, taille),
  ],
  unbreakable: true,
});

/** Audited signatures two by two: 240 pt frames fill the 515 pt line without crowding it. */
function grille(qui: string, signatures: SignatureNommee[]): Content[] {
  const lignes: Content[] = [];
  for (let i = 0; i < signatures.length; i += 2) {
    const paire = signatures.slice(i, i + 2);
    lignes.push({
      columns: paire.map((s) => ({
        width: 250,
        ...signataire(qui, s.name, s.image, CADRE_AUDITE),
      })),
      margin: [0, 6, 0, 0],
    });
  }
  return lignes;
}

/**
 * Spec part 2 §5: the audited party declares having read all n pages. n is the real page count:
 * the renderers learn it from the layout (`nombrePages`, checked and if need be corrected after
 * it: see rendu.ts and nombreAjustable.ts, whose `suivi` keeps the words measured here). Without
 * it (a caller rendering `construireRapport` directly), a pdfmake page reference to the report's
 * last node prints the same number, at the cost of a little space after it (pdfmake measures the
 * reference as '00000').
 */
function declaration(nombrePages: number | undefined, suivi?: NombreAjustable): ContentText {
  const texte =
    nombrePages === 1
      ? ["L'audité déclare avoir pris connaissance de l'unique page du présent rapport."]
      : [
          "L'audité déclare avoir pris connaissance de l'intégralité des ",
          nombrePages === undefined
            ? { pageReference: ID_FIN_RAPPORT, bold: true }
            : { text: String(nombrePages), bold: true },
          ' pages du présent rapport.',
        ];
  const noeud: ContentText = { text: texte, margin: [0, 0, 0, 8] };
  return suivi ? suivreMots(noeud, suivi) : noeud;
}

const sousTitre = (text: string): Content => ({
  text,
  style: 'sousTitre',
  margin: [0, 12, 0, 0],
  headlineLevel: 2,
});

export function sectionSignatures(
  p: RapportPayload,
  nombrePages: number | undefined,
  suivi?: NombreAjustable,
): Content[] {
  const { auditeur, audite } = p.synthese;
  const nomAuditeur = `${p.auditeur.prenom} ${p.auditeur.nom}`.trim();
  const planProgres = p.manquements.length > 0 ? audite.signatures.planProgres : [];
  return [
    // The statement is what the audited party signs under: it never sits on a page of its own.
    {
      stack: [
        titre('Signatures'),
        declaration(nombrePages, suivi),
        signataire("Signature de l'auditeur", nomAuditeur, auditeur.signature, CADRE_AUDITEUR),
      ],
      unbreakable: true,
    },
    sousTitre("Signature de l'audité — rapport d'audit"),
    ...(audite.signatures.rapport.length === 0
      ? [{ text: 'En attente de signature', style: 'discret', italics: true }]
      : grille('Audité', audite.signatures.rapport)),
    ...(planProgres.length === 0
      ? []
      : [sousTitre("Signature de l'audité — plan de progrès"), ...grille('Audité', planProgres)]),
    {
      id: ID_FIN_RAPPORT,
      text: `Fait le ${p.dateNow} — fin du rapport ${p.numeroRapport}`,
      style: 'discret',
      alignment: 'center',
      margin: [0, 16, 0, 0],
    },
  ];
}
