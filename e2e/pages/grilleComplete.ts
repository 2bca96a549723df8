import type { Enregistrement } from './Idb';

interface EntreeAop {
  aopIgpId: string;
  aopIgpLibelle: string;
  saisie: Record<string, unknown>;
  hasManquement?: boolean;
}
interface Point {
  id: string;
  code: string;
  libelle: string;
  reference?: string | null;
  aops: EntreeAop[];
}
interface Grille {
  categories: { libelle: string; points: Point[] }[];
  groupesSysExploitation: { ignore: boolean }[];
  manquements: unknown[];
}

/**
 * Completes a visit's grid as a controller would through steps 2 and 3: every point conforming
 * except the first one, non-conforming (MAJEUR) with its manquement and a corrective measure;
 * exploitation groups ignored. The test then exercises step 4, the subject here.
 */
export function completerGrille(controle: Enregistrement): Grille {
  const grille = structuredClone(controle.grille) as Grille;
  let premier = true;
  grille.manquements = [];
  for (const categorie of grille.categories) {
    for (const point of categorie.points) {
      for (const entree of point.aops) {
        if (premier) {
          premier = false;
          entree.saisie = {
            conformite: 'NC',
            gravite: 'MAJEUR',
            valeur: '1',
            observation: 'Constat e2e',
          };
          entree.hasManquement = true;
          grille.manquements.push({
            key: `${point.code}-${entree.aopIgpId}`,
            pointControleId: point.id,
            pointControleCode: point.code,
            libelle: point.libelle,
            reference: point.reference ?? null,
            aopIgp: { id: entree.aopIgpId, libelle: entree.aopIgpLibelle },
            seuil: 'MAJEUR',
            valeur: '1',
            categorie: categorie.libelle,
            saisie: {
              informationsAuditeur: 'Écart constaté lors de la visite',
              informationsAudite: 'Pris en compte',
              correctives: { mesure: 'Mettre en conformité', delai: '1 mois', date: null },
              correctrices: { mesure: null, delai: null, date: null },
            },
          });
        } else {
          entree.saisie = { conformite: 'C', valeur: '1' };
        }
      }
    }
  }
  for (const g of grille.groupesSysExploitation) g.ignore = true;
  return grille;
}
