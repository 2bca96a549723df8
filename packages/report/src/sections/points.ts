import type { Content, TableCell } from 'pdfmake/interfaces';
import type { CategoriePayload, PointCategoriePayload, RapportPayload } from '../payload';
import { COULEURS, TABLEAU, ou, th, titre } from '../theme';

/** Spec §3 'Conformity per point', printed under every category table. */
export const LEGENDE = 'C conforme, NC non conforme, SO sans objet, NO non observable';

const conformite = (c: string): TableCell =>
  c === 'NC'
    ? { text: c, style: 'cellule', bold: true, color: COULEURS.nc, fillColor: COULEURS.ncFond, alignment: 'center' }
    : { text: ou(c), style: 'cellule', alignment: 'center' };

const libelle = (pt: PointCategoriePayload): TableCell => ({
  style: 'cellule',
  stack: [
    pt.libelle,
    ...(pt.reference ? [{ text: pt.reference, style: 'discret' }] : []),
  ],
});

function tableCategorie(c: CategoriePayload, colonneGravite: string): Content {
  return {
    stack: [
      { text: c.code ? `${c.code} — ${c.libelle}` : c.libelle, style: 'sousTitre', headlineLevel: 2 },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [44, '*', 34, 56, 48, 130],
          body: [
            [th('Code'), th('Point de contrôle'), th('Conf.'), th('Valeur'), th(colonneGravite), th('Observation')],
            ...c.points.map((pt): TableCell[] => [
              { text: pt.code, style: 'cellule', bold: true },
              libelle(pt),
              conformite(pt.conformite),
              { text: ou(pt.valeur), style: 'cellule' },
              { text: pt.gravite, style: 'cellule', color: COULEURS.nc },
              { text: pt.observation, style: 'cellule' },
            ]),
          ],
        },
        layout: TABLEAU,
      },
    ],
  };
}

/** Every control point of the label, per category, with the conformity legend. */
export function pointsControle(p: RapportPayload): Content[] {
  if (p.categories.length === 0) return [];
  return [
    titre('Points de contrôle'),
    { text: LEGENDE, style: 'discret', italics: true, margin: [0, 0, 0, 2] },
    ...p.categories.map((c) => tableCategorie(c, p.aopIgp.graviteColLabel)),
  ];
}
