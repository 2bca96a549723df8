import {
  grilleSchema,
  ignorerGroupe,
  saisirManquement,
  saisirPoint,
  type Grille,
  type SaisieAop,
} from '@estive/domain';
import type { Enregistrement } from './Idb';

const sansSeuil = (e: SaisieAop) =>
  e.seuil.grave === null && e.seuil.majeur === null && e.seuil.mineur === null;

/**
 * Completes a visit's grid as a controller would through steps 2 and 3, through the domain's
 * engine (the server judges a pushed grid with it and refuses one it would not make):
 * exploitation groups ignored, so the points they feed are judged SO; the first point free of
 * thresholds non-conforming (MAJEUR) with its manquement and a corrective measure; the other free
 * points conforming at '1'; a point whose thresholds would judge a value, SO. The test then
 * exercises step 4, the subject here.
 */
export function completerGrille(controle: Enregistrement): Grille {
  let grille = grilleSchema.parse(controle.grille);
  for (const groupe of grille.groupesSysExploitation)
    grille = ignorerGroupe(grille, groupe.id, true).grille;
  let premier: string | null = null;
  for (const categorie of grille.categories) {
    for (const point of categorie.points) {
      for (const entree of point.aops) {
        const cle = { pointId: point.id, aopIgpId: entree.aopIgpId };
        const libre = entree.exploitationCode === null && sansSeuil(entree);
        if (libre && premier === null) {
          premier = `${point.code}-${entree.aopIgpId}`;
          grille = saisirPoint(grille, cle, {
            conformite: 'NC',
            gravite: 'MAJEUR',
            valeur: '1',
            observation: 'Constat e2e',
          }).grille;
        } else {
          grille = saisirPoint(
            grille,
            cle,
            libre ? { conformite: 'C', valeur: '1' } : { conformite: 'SO' },
          ).grille;
        }
      }
    }
  }
  if (premier === null) throw new Error('grille sans point libre de seuil');
  return saisirManquement(grille, premier, {
    informationsAuditeur: 'Écart constaté lors de la visite',
    informationsAudite: 'Pris en compte',
    correctives: { mesure: 'Mettre en conformité', delai: '1 mois', date: null },
    correctrices: { mesure: null, delai: null, date: null },
  });
}
