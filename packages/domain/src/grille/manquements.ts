/**
 * The manquements of the grid follow the NC entries (spec part 2 §4): choosing NC creates or
 * updates the manquement of the point and AOP-IGP, leaving NC removes it. An update keeps what
 * the progress plan already holds (auditor and audited information, measures).
 */
import {
  cleManquement,
  type CategorieGrille,
  type ManquementGrille,
  type PointGrille,
  type SaisieAop,
  type SaisieManquement,
  type Grille,
} from './schemas';
import { heriterIndex } from './index-grille';

/** An entry that changed, with where it sits. */
export interface EntreeModifiee {
  categorie: CategorieGrille;
  point: PointGrille;
  entree: SaisieAop;
}

const SAISIE_VIDE: SaisieManquement = {
  informationsAuditeur: null,
  informationsAudite: null,
  correctives: { mesure: null, delai: null, date: null },
  correctrices: { mesure: null, delai: null, date: null },
};

function manquementDe({ categorie, point, entree }: EntreeModifiee, existant?: ManquementGrille) {
  const m: ManquementGrille = {
    key: cleManquement(point.code, entree.aopIgpId),
    pointControleId: point.id,
    pointControleCode: point.code,
    libelle: point.libelle,
    reference: point.reference,
    aopIgp: existant?.aopIgp ?? { id: entree.aopIgpId, libelle: entree.aopIgpLibelle },
    seuil: entree.saisie.gravite,
    valeur: entree.saisie.valeur,
    categorie: categorie.libelle,
    saisie: existant?.saisie ?? SAISIE_VIDE,
  };
  return existant && identiques(existant, m) ? existant : m;
}

const identiques = (a: ManquementGrille, b: ManquementGrille) =>
  a.pointControleId === b.pointControleId &&
  a.pointControleCode === b.pointControleCode &&
  a.libelle === b.libelle &&
  a.reference === b.reference &&
  a.seuil === b.seuil &&
  a.valeur === b.valeur &&
  a.categorie === b.categorie;

/**
 * The manquements after some entries changed. The same array comes back when nothing changed,
 * so that the progress plan does not re-render on every keystroke of step 2.
 */
export function synchroniserManquements(
  manquements: ManquementGrille[],
  modifiees: readonly EntreeModifiee[],
): ManquementGrille[] {
  const parCle = new Map(manquements.map((m) => [m.key, m]));
  /** key → the manquement after this call, null once removed. */
  const changements = new Map<string, ManquementGrille | null>();
  for (const modifiee of modifiees) {
    const cle = cleManquement(modifiee.point.code, modifiee.entree.aopIgpId);
    const actuel = (changements.has(cle) ? changements.get(cle) : parCle.get(cle)) ?? null;
    const suivant =
      modifiee.entree.saisie.conformite === 'NC'
        ? manquementDe(modifiee, actuel ?? undefined)
        : null;
    if (suivant !== actuel) changements.set(cle, suivant);
  }
  if (changements.size === 0) return manquements;
  const resultat: ManquementGrille[] = [];
  for (const m of manquements) {
    const suivant = changements.has(m.key) ? changements.get(m.key) : m;
    changements.delete(m.key);
    if (suivant) resultat.push(suivant);
  }
  // New manquements come last, in the order they were created.
  for (const ajout of changements.values()) if (ajout) resultat.push(ajout);
  return resultat;
}

/** Updates the progress-plan part of a manquement (step 3); unknown keys change nothing. */
export function saisirManquement(
  grille: Grille,
  key: string,
  patch: Partial<SaisieManquement>,
): Grille {
  const i = grille.manquements.findIndex((m) => m.key === key);
  const manquement = grille.manquements[i];
  if (!manquement) return grille;
  const manquements = [...grille.manquements];
  manquements[i] = { ...manquement, saisie: { ...manquement.saisie, ...patch } };
  return heriterIndex(grille, { ...grille, manquements });
}
