import type { Content, TableCell } from 'pdfmake/interfaces';
import type { ManquementPayload, RapportPayload } from '../payload';
import { COULEURS, TABLEAU, ou, th, titre } from '../theme';

const cellule = (text: string): TableCell => ({ text: ou(text), style: 'cellule' });

/**
 * Spec §2 step 3 table: code, label, category, value, severity. The severity column carries the
 * label's own wording (`graviteColLabel`: 'Gravité', 'Seuil', 'Récidive').
 */
export function manquements(p: RapportPayload): Content[] {
  if (p.manquements.length === 0) {
    return [titre('Manquements'), { text: 'Aucun manquement', italics: true, fontSize: 9 }];
  }
  const ligne = (m: ManquementPayload): TableCell[] => [
    { text: m.code, style: 'cellule', bold: true },
    cellule(m.libelle),
    cellule(m.categorie),
    cellule(m.valeur),
    { text: ou(m.gravite), style: 'cellule', bold: true, color: COULEURS.nc },
  ];
  return [
    titre('Manquements'),
    {
      table: {
        // Repeated on every page the table runs onto, so a page is never a list of bare values.
        headerRows: 1,
        dontBreakRows: true,
        widths: [52, '*', 90, 70, 58],
        body: [
          [th('Code'), th('Libellé'), th('Catégorie'), th('Valeur'), th(p.aopIgp.graviteColLabel)],
          ...p.manquements.map(ligne),
        ],
      },
      layout: TABLEAU,
    },
  ];
}

const mesure = (quoi: string, texte: string, delai: string): Content => ({
  text: [
    { text: `${quoi} : `, bold: true },
    ou(texte),
    ...(delai.trim() !== '' ? [{ text: `  (délai : ${delai})`, color: COULEURS.texteDiscret }] : []),
  ],
  fontSize: 8.5,
  margin: [0, 1, 0, 1],
});

/** Spec §2 step 3: per shortcoming, what each party said and the measures agreed, with delays. */
export function planProgres(p: RapportPayload): Content[] {
  if (p.manquements.length === 0) return [];
  return [
    titre('Plan de progrès'),
    ...p.manquements.map(
      (m): Content => ({
        unbreakable: true,
        margin: [0, 0, 0, 8],
        table: {
          widths: ['*'],
          body: [
            [
              {
                text: [
                  { text: `${m.code} — ${m.libelle}`, bold: true },
                  { text: `   ${p.aopIgp.graviteColLabel} : ${ou(m.gravite)}`, color: COULEURS.nc },
                ],
                fontSize: 9,
                fillColor: COULEURS.accentClair,
              },
            ],
            [
              {
                stack: [
                  mesure("Informations de l'auditeur", m.informationsAuditeur, ''),
                  mesure("Informations de l'audité", m.informationsAudite, ''),
                  mesure('Mesure corrective', m.mesureCorrective, m.delaiCorrective),
                  mesure('Mesure correctrice', m.mesureCorrectrice, m.delaiCorrectrice),
                ],
              },
            ],
          ],
        },
        layout: TABLEAU,
      }),
    ),
  ];
}
