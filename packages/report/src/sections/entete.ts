import type { Content, DynamicContent } from 'pdfmake/interfaces';
import type { CoordonneesPayload, RapportPayload } from '../payload';
import { COULEURS, ou } from '../theme';

/** A logo, or nothing: a missing logo must not push the text out of place. */
const logo = (dataUrl: string | null | undefined, largeur: number): Content =>
  dataUrl ? { image: dataUrl, fit: [largeur, 30] } : { text: '' };

/**
 * Repeated at the top of every page (spec §9 'A4 with page headers'): who issued the report,
 * for which label, and its number, so a loose printed page can be put back in its report.
 */
export function enTetePage(p: RapportPayload): DynamicContent {
  return () => ({
    margin: [36, 18, 36, 0],
    stack: [
      {
        columns: [
          { width: 'auto', stack: [logo(p.odgRef.logo, 60)] },
          {
            width: '*',
            margin: [6, 0, 0, 0],
            stack: [
              { text: p.odgRef.raisonSociale, bold: true, fontSize: 9, color: COULEURS.accent },
              { text: `Rapport d'audit — ${p.aopIgp.type} ${p.aopIgp.libelle}`.trim(), fontSize: 8 },
            ],
          },
          {
            width: 'auto',
            alignment: 'right',
            stack: [
              { text: p.numeroRapport, bold: true, fontSize: 9, color: COULEURS.accent },
              { text: `Contrôle du ${p.dateControle}`, fontSize: 8, color: COULEURS.texteDiscret },
            ],
          },
          { width: 'auto', margin: [6, 0, 0, 0], stack: [logo(p.aopIgp.logoAopIgp, 40)] },
        ],
      },
      {
        canvas: [{ type: 'line', x1: 0, y1: 4, x2: 523, y2: 4, lineWidth: 0.8, lineColor: COULEURS.accent }],
      },
    ],
  });
}

/** 'Page x/n', the report number and the fingerprint of a final report (spec §9, finaliser.ts). */
export function piedPage(p: RapportPayload): DynamicContent {
  const empreinte = p.empreinte ? `Empreinte ${p.empreinte.slice(0, 12)}` : '';
  return (page, total) => ({
    margin: [36, 14, 36, 0],
    fontSize: 7.5,
    color: COULEURS.texteDiscret,
    columns: [
      { width: '*', text: `${p.numeroRapport} — édité le ${p.dateNow}` },
      { width: '*', text: empreinte, alignment: 'center' },
      { width: '*', text: `Page ${page}/${total}`, alignment: 'right' },
    ],
  });
}

const bloc = (titre: string, lignes: (string | Content)[]): Content => ({
  stack: [
    { text: titre.toUpperCase(), fontSize: 7, bold: true, color: COULEURS.texteDiscret, margin: [0, 0, 0, 2] },
    ...lignes,
  ],
});

const coordonnees = (c: CoordonneesPayload): (string | Content)[] => [
  { text: c.raisonSociale, bold: true },
  ...c.adresse,
  ...(c.siret ? [`SIRET ${c.siret}`] : []),
  ...[c.telephone, c.mail].filter((l) => l.trim() !== ''),
];

/** The report's opening block: title, when, who was audited, by whom, for which label. */
export function blocEntete(p: RapportPayload): Content {
  const a = p.auditeur;
  const referentiels = p.referentielActifs.length > 0 ? p.referentielActifs.join(', ') : p.aopIgp.referentielsJoin;
  return {
    stack: [
      { text: "Rapport d'audit", fontSize: 18, bold: true, color: COULEURS.accent },
      {
        text: [
          { text: `${p.aopIgp.type} ${p.aopIgp.libelle}`.trim(), bold: true },
          ` — contrôle du ${p.dateControle} à ${p.heure} — n° ${p.numeroRapport}`,
        ],
        fontSize: 10,
        margin: [0, 2, 0, 10],
      },
      {
        fontSize: 8.5,
        table: {
          widths: ['*', '*', '*'],
          body: [
            [
              bloc('Audité', coordonnees(p.audite)),
              bloc('Auditeur', [
                { text: `${a.prenom} ${a.nom}`.trim(), bold: true },
                ...[a.telephone, a.mail].filter((l) => l.trim() !== ''),
              ]),
              bloc(`${p.aopIgp.type || 'AOP-IGP'}`, [
                { text: p.aopIgp.libelle, bold: true },
                `Organisme certificateur : ${ou(p.aopIgp.organismeCertificateur)}`,
                `Référentiels actifs : ${ou(referentiels)}`,
                `Activités : ${ou(p.activites.join(', '))}`,
              ]),
            ],
          ],
        },
        layout: {
          hLineWidth: () => 0,
          vLineWidth: (i) => (i === 1 || i === 2 ? 0.4 : 0),
          vLineColor: () => COULEURS.trait,
          fillColor: () => COULEURS.zebre,
          paddingLeft: () => 8,
          paddingRight: () => 8,
          paddingTop: () => 6,
          paddingBottom: () => 6,
        },
      },
    ],
  };
}
