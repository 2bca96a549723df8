import type {
  Column,
  Content,
  ContentCanvas,
  ContentColumns,
  DynamicContent,
  Margins,
  TableCell,
} from 'pdfmake/interfaces';
import type { RapportPayload } from '../payload';
import { COULEURS, ou } from '../theme';

/** Page margins: the running header and footer live inside the top and bottom ones. */
export const MARGES: [number, number, number, number] = [40, 62, 40, 48];

/** The logo in its own column, fitted to a box, or no column: a missing logo leaves no empty frame. */
function colonneLogo(
  dataUrl: string | null | undefined,
  largeur: number,
  hauteur: number,
  marge: Margins,
): Column[] {
  return dataUrl
    ? [{ width: 'auto', stack: [{ image: dataUrl, fit: [largeur, hauteur] }], margin: marge }]
    : [];
}

/**
 * Running header of every page: who issued the report (ODG), for which label, under which
 * number, so a loose page can always be put back in its report.
 */
export function enTeteDePage(p: RapportPayload): DynamicContent {
  const bandeau: ContentColumns = {
    columns: [
      ...colonneLogo(p.odgRef.logo, 60, 28, [0, 0, 8, 0]),
      {
        width: '*',
        stack: [
          { text: ou(p.odgRef.raisonSociale), bold: true, fontSize: 9, color: COULEURS.accent },
          { text: `Rapport d'audit ${p.aopIgp.type} ${p.aopIgp.libelle}`, style: 'discret' },
        ],
      },
      {
        width: 'auto',
        alignment: 'right',
        stack: [
          { text: `N° ${p.numeroRapport}`, bold: true, fontSize: 9 },
          { text: `Contrôle du ${p.dateControle}`, style: 'discret' },
        ],
      },
      ...colonneLogo(p.aopIgp.logoAopIgp, 40, 28, [8, 0, 0, 0]),
    ],
  };
  const filet: ContentCanvas = {
    canvas: [
      { type: 'line', x1: 0, y1: 4, x2: 515, y2: 4, lineWidth: 0.6, lineColor: COULEURS.accent },
    ],
  };
  return () => ({ margin: [MARGES[0], 18, MARGES[2], 0], stack: [bandeau, filet] });
}

/**
 * Running footer. pdfmake knows the page count only here, so this is also where the renderer
 * learns it (`surNombrePages`) to print it in the audited party's statement on the next pass.
 */
export function piedDePage(
  p: RapportPayload,
  surNombrePages?: (n: number) => void,
): DynamicContent {
  return (page: number, pages: number) => {
    surNombrePages?.(pages);
    return {
      margin: [MARGES[0], 14, MARGES[2], 0],
      columns: [
        { width: '*', text: `Rapport ${p.numeroRapport}`, style: 'discret' },
        {
          width: 'auto',
          text: p.empreinte ? `Empreinte ${p.empreinte.slice(0, 12)}` : '',
          style: 'discret',
        },
        { width: '*', text: `Page ${page}/${pages}`, style: 'discret', alignment: 'right' },
      ],
    };
  };
}

const ligne = (etiquette: string, valeur: string | Content): TableCell[] => [
  { text: etiquette, style: 'etiquette' },
  typeof valeur === 'string' ? { text: ou(valeur) } : valeur,
];

/** A titled box of label/value lines: the identity blocks of the first page. */
function encadre(titre: string, lignes: TableCell[][]): Content {
  return {
    table: {
      widths: [78, '*'],
      body: [[{ text: titre, style: 'entete', colSpan: 2 }, {}], ...lignes],
    },
    layout: {
      hLineWidth: (i) => (i === 0 || i === 1 ? 0.8 : 0),
      vLineWidth: () => 0,
      hLineColor: () => COULEURS.accent,
      paddingTop: (i) => (i === 0 ? 4 : 1.5),
      paddingBottom: (i) => (i === 0 ? 4 : 1.5),
      paddingLeft: () => 4,
      paddingRight: () => 4,
    },
  };
}

const formaterSiret = (siret: string): string =>
  /^\d{14}$/.test(siret) ? siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4') : siret;

/** First-page block: title, then the control, the audited operator, the auditor and the label. */
export function blocEntete(p: RapportPayload): Content[] {
  const a = p.audite;
  const auditeur = `${p.auditeur.prenom} ${p.auditeur.nom}`.trim();
  return [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: "Rapport d'audit", fontSize: 18, bold: true, color: COULEURS.accent },
            { text: `${p.aopIgp.type} ${p.aopIgp.libelle}`, fontSize: 12, margin: [0, 2, 0, 0] },
          ],
        },
        {
          width: 'auto',
          alignment: 'right',
          stack: [
            { text: p.numeroRapport, fontSize: 12, bold: true },
            { text: `Édité le ${p.dateNow}`, style: 'discret' },
          ],
        },
      ],
      margin: [0, 0, 0, 12],
    },
    {
      columns: [
        encadre('Contrôle', [
          ligne('Date', p.dateControle),
          ligne('Heure', p.heure),
          ligne('N° de rapport', p.numeroRapport),
          ligne('Activités', p.activites.join(', ')),
        ]),
        encadre('Opérateur audité', [
          ligne('Raison sociale', { text: ou(a.raisonSociale), bold: true }),
          ...(a.nom && a.nom !== a.raisonSociale ? [ligne('Nom', a.nom)] : []),
          ligne('SIRET', formaterSiret(a.siret)),
          ligne('Adresse', a.adresse.join('\n')),
          ligne('Téléphone', a.telephone),
          ligne('Mail', a.mail),
        ]),
      ],
      columnGap: 16,
    },
    {
      columns: [
        encadre('Auditeur', [
          ligne('Nom', { text: ou(auditeur), bold: true }),
          ...(p.auditeur.organisme ? [ligne('Organisme', p.auditeur.organisme)] : []),
          ligne('Téléphone', p.auditeur.telephone),
          ligne('Mail', p.auditeur.mail),
        ]),
        encadre('AOP-IGP', [
          ligne('Appellation', { text: `${p.aopIgp.libelle} (${p.aopIgp.type})`, bold: true }),
          ligne('Organisme certificateur', p.aopIgp.organismeCertificateur),
          ligne('Référentiels actifs', p.referentielActifs.join('\n')),
        ]),
      ],
      columnGap: 16,
      margin: [0, 10, 0, 0],
    },
  ];
}
