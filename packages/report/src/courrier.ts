import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { COULEURS, STYLES } from './theme';

/**
 * Documents written from an ODG's templates (issue 16 §3): the filled text arrives ready to print
 * — the template engine is the domain's, the package formats and looks up nothing.
 */

/** A filled template: an object line and paragraphs; `null` marks where a table goes. */
export interface TexteDocument {
  objet: string;
  paragraphes: (string | null)[];
}

/** The letter's object line and paragraphs, the table (if any) where the template puts it. */
export function corpsModele(t: TexteDocument, tableau: Content | null): Content[] {
  return [
    ...(t.objet.trim()
      ? [
          {
            text: [{ text: 'Objet : ', bold: true }, t.objet],
            margin: [0, 0, 0, 14],
          } satisfies Content,
        ]
      : []),
    ...t.paragraphes.flatMap((p): Content[] =>
      p === null ? (tableau ? [tableau] : []) : [{ text: p, margin: [0, 0, 0, 10] }],
    ),
    { text: '', margin: [0, 0, 0, 14] },
  ];
}

/** A heading line and paragraphs above a table (the planning); nothing when the template is empty. */
export function texteLibre(t: TexteDocument | undefined): Content[] {
  if (!t) return [];
  return [
    ...(t.objet.trim()
      ? [{ text: t.objet, bold: true, margin: [0, 0, 0, 6] } satisfies Content]
      : []),
    ...t.paragraphes
      .filter((p): p is string => p !== null)
      .map((p): Content => ({ text: p, margin: [0, 0, 0, 8] })),
  ];
}

export interface CourrierPayload {
  odg: { raisonSociale: string; adresse: string[]; telephone: string; mail: string };
  destinataire: { raisonSociale: string; adresse: string[] };
  titre: string;
  editeLe: string;
  texte: TexteDocument;
}

/** A plain letter of the ODG (the courrier de notification of a shortcoming). */
export function construireCourrier(p: CourrierPayload): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    info: { title: `${p.titre} – ${p.destinataire.raisonSociale}`, author: p.odg.raisonSociale },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25 },
    styles: STYLES,
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: p.odg.raisonSociale, bold: true, fontSize: 11, color: COULEURS.accent },
              ...p.odg.adresse.map((l) => ({ text: l, style: 'discret' })),
              {
                text: [p.odg.telephone, p.odg.mail].filter((v) => v.trim() !== '').join(' · '),
                style: 'discret',
              },
            ],
          },
          {
            width: 'auto',
            alignment: 'right',
            stack: [
              { text: p.titre, bold: true, fontSize: 14, color: COULEURS.accent },
              { text: `Édité le ${p.editeLe}`, style: 'discret' },
            ],
          },
        ],
        margin: [0, 0, 0, 12],
      },
      {
        margin: [280, 10, 0, 24],
        stack: [
          { text: p.destinataire.raisonSociale, bold: true },
          ...p.destinataire.adresse.map((l) => ({ text: l })),
        ],
      },
      ...corpsModele(p.texte, null),
      { text: p.odg.raisonSociale, bold: true, alignment: 'right' },
    ],
  };
}
