import type { Column, Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { corpsModele, texteLibre, type TexteDocument } from './courrier';
import { COULEURS, STYLES, TABLEAU, ou, th } from './theme';

/**
 * The two documents of a finalised round (issue 14 Deliver 4): the controller's 'Planning de
 * contrôle' and one 'Avis de passage' letter per operator. Like the audit report, the payloads
 * carry display-ready strings: the package formats and looks up nothing.
 */

export type { TexteDocument };

export interface OdgDocument {
  raisonSociale: string;
  adresse: string[];
  telephone: string;
  mail: string;
  /** The ODG's logo as a PNG or JPEG data URL; none prints the name alone. */
  logo?: string | null;
}

export interface AppellationVisite {
  libelle: string;
  niveau: string;
  sites: string;
  activites: string;
}

export interface VisitePlanning {
  jour: string;
  heure: string;
  raisonSociale: string;
  siret: string;
  lieu: string;
  appellations: AppellationVisite[];
}

export interface PlanningPayload {
  odg: OdgDocument;
  controleur: string;
  periode: string;
  campagne: string;
  editeLe: string;
  visites: VisitePlanning[];
  /** The ODG's template, filled: a heading line and paragraphs above the table. */
  texte?: TexteDocument;
}

export interface AvisPassagePayload {
  odg: OdgDocument;
  destinataire: { raisonSociale: string; adresse: string[] };
  editeLe: string;
  /** 'mardi 24 novembre 2026'. */
  jour: string;
  /** 'à 09:00', or empty when no time was set. */
  heure: string;
  controleur: string;
  appellations: AppellationVisite[];
  /**
   * The ODG's template, filled (issue 16 §3): the object line and the paragraphs, `null` where
   * the table of appellations goes. Absent: the built-in letter.
   */
  texte?: TexteDocument;
}

const MARGES: [number, number, number, number] = [40, 40, 40, 48];

function entete(odg: OdgDocument, titre: string, sousTitre: string): Content {
  const logo: Column[] = odg.logo
    ? [{ width: 'auto', stack: [{ image: odg.logo, fit: [90, 45] }], margin: [0, 0, 12, 0] }]
    : [];
  return {
    columns: [
      ...logo,
      {
        width: '*',
        stack: [
          { text: ou(odg.raisonSociale), bold: true, fontSize: 11, color: COULEURS.accent },
          ...odg.adresse.map((l) => ({ text: l, style: 'discret' })),
          {
            text: [odg.telephone, odg.mail].filter((v) => v.trim() !== '').join(' · '),
            style: 'discret',
          },
        ],
      },
      {
        width: 'auto',
        alignment: 'right',
        stack: [
          { text: titre, bold: true, fontSize: 14, color: COULEURS.accent },
          { text: sousTitre, style: 'discret' },
        ],
      },
    ],
    margin: [0, 0, 0, 12],
  };
}

const piedDePage =
  (libelle: string) =>
  (page: number, pages: number): Content => ({
    columns: [
      { text: libelle, style: 'discret' },
      { text: `Page ${String(page)}/${String(pages)}`, alignment: 'right', style: 'discret' },
    ],
    margin: [MARGES[0], 16, MARGES[2], 0],
  });

const appellationsTexte = (a: AppellationVisite): Content => ({
  stack: [
    { text: a.libelle, bold: true, fontSize: 8 },
    { text: `Niveau : ${ou(a.niveau)}`, fontSize: 7.5 },
    { text: `Site : ${ou(a.sites)}`, fontSize: 7.5 },
    { text: `Activités : ${ou(a.activites)}`, fontSize: 7.5 },
  ],
  margin: [0, 0, 0, 3],
});

/** 'Planning de contrôle': the visits of the round, by day, for the controller and the office. */
export function construirePlanning(p: PlanningPayload): TDocumentDefinitions {
  const lignes: TableCell[][] = p.visites.map((v) => [
    {
      stack: [
        { text: v.jour, bold: true, fontSize: 8 },
        { text: v.heure, fontSize: 8 },
      ],
    },
    {
      stack: [
        { text: v.raisonSociale, bold: true, fontSize: 8 },
        { text: `SIRET ${v.siret}`, style: 'discret' },
      ],
    },
    { text: ou(v.lieu), fontSize: 8 },
    { stack: v.appellations.map(appellationsTexte) },
  ]);
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: MARGES,
    info: { title: `Planning de contrôle – ${p.controleur}`, author: p.odg.raisonSociale },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: STYLES,
    footer: piedDePage(`Planning de contrôle – édité le ${p.editeLe}`),
    content: [
      entete(p.odg, 'Planning de contrôle', `Édité le ${p.editeLe}`),
      {
        table: {
          widths: ['auto', '*'],
          body: [
            [
              { text: 'Contrôleur', style: 'etiquette' },
              { text: ou(p.controleur), bold: true },
            ],
            [{ text: 'Période', style: 'etiquette' }, p.periode],
            [{ text: 'Campagne', style: 'etiquette' }, ou(p.campagne)],
            [{ text: "Nombre d'opérateurs", style: 'etiquette' }, String(p.visites.length)],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 10],
      },
      ...texteLibre(p.texte),
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [70, 150, 120, '*'],
          body: [[th('Date'), th('Opérateur'), th('Lieu'), th('Appellations')], ...lignes],
        },
        layout: TABLEAU,
      },
    ],
  };
}

const tableauAppellations = (appellations: AppellationVisite[]): Content => ({
  table: {
    headerRows: 1,
    widths: ['*', 110, '*', '*'],
    body: [
      [th('Appellation'), th('Niveau'), th('Site'), th('Activités')],
      ...appellations.map((a): TableCell[] => [
        { text: a.libelle, bold: true, fontSize: 9 },
        { text: ou(a.niveau), fontSize: 9 },
        { text: ou(a.sites), fontSize: 9 },
        { text: ou(a.activites), fontSize: 9 },
      ]),
    ],
  },
  layout: TABLEAU,
  margin: [0, 0, 0, 14],
});

/** 'Avis de passage': the letter telling an operator when and for what it will be inspected. */
export function construireAvisPassage(p: AvisPassagePayload): TDocumentDefinitions {
  const plusieurs = p.appellations.length > 1;
  return {
    pageSize: 'A4',
    pageMargins: MARGES,
    info: {
      title: `Avis de passage – ${p.destinataire.raisonSociale}`,
      author: p.odg.raisonSociale,
    },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25 },
    styles: STYLES,
    footer: piedDePage(`Avis de passage – ${p.odg.raisonSociale}`),
    content: [
      entete(p.odg, 'Avis de passage', `Édité le ${p.editeLe}`),
      {
        margin: [280, 10, 0, 24],
        stack: [
          { text: p.destinataire.raisonSociale, bold: true },
          ...p.destinataire.adresse.map((l) => ({ text: l })),
        ],
      },
      ...(p.texte
        ? corpsModele(p.texte, tableauAppellations(p.appellations))
        : ([
            {
              text: [{ text: 'Objet : ', bold: true }, 'avis de passage pour un contrôle interne'],
              margin: [0, 0, 0, 14],
            },
            { text: 'Madame, Monsieur,', margin: [0, 0, 0, 10] },
            {
              text: [
                'Nous vous informons qu’un contrôle de votre exploitation sera réalisé le ',
                { text: `${p.jour}${p.heure ? ` ${p.heure}` : ''}`, bold: true },
                ' par ',
                { text: p.controleur, bold: true },
                `, contrôleur de ${p.odg.raisonSociale}, au titre ${plusieurs ? 'des appellations suivantes' : 'de l’appellation suivante'} :`,
              ],
              margin: [0, 0, 0, 8],
            },
            tableauAppellations(p.appellations),
            {
              text: 'Nous vous remercions de bien vouloir être présent ou représenté, et de tenir à la disposition du contrôleur les documents utiles au contrôle (déclaration d’identification, registres, cahier des charges en vigueur).',
              margin: [0, 0, 0, 10],
            },
            {
              text: 'Pour tout empêchement, merci de nous contacter au plus tôt afin de convenir d’une autre date.',
              margin: [0, 0, 0, 18],
            },
            {
              text: 'Veuillez agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
              margin: [0, 0, 0, 24],
            },
          ] satisfies Content[])),
      { text: p.odg.raisonSociale, bold: true, alignment: 'right' },
    ],
  };
}
