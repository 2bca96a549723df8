import { z } from 'zod';
import { ETATS_MANQUEMENT, NATURES_CONTROLE, NIVEAUX_CONTROLE, SEVERITES } from '@estive/domain';
import { colonne } from '../../db/lignes';

/** Rows the Manquements tab reads (tdb-manquements.repository). */

const etat = z.enum(ETATS_MANQUEMENT);
const seuil = z.enum(SEVERITES).nullable();

/**
 * A row of the Manquements tab. The control is a left join (a manual shortcoming has none): its
 * nature, level and activities are then null.
 */
export const ligneManquement = z.object({
  id: colonne.texte,
  personneMoraleId: colonne.texte,
  raisonSociale: colonne.texte,
  siret: colonne.texte,
  codePostal: colonne.texte.nullable(),
  ville: colonne.texte.nullable(),
  interne: colonne.booleen,
  aopIgp: colonne.texte,
  activites: z.array(colonne.texte).nullable(),
  nature: z.enum(NATURES_CONTROLE).nullable(),
  niveau: z.enum(NIVEAUX_CONTROLE).nullable(),
  date: colonne.texte,
  codePoint: colonne.texte,
  libellePoint: colonne.texte,
  etat,
  seuil,
  recidive: colonne.booleen,
  dateModification: colonne.texte,
  dateSuiviCorrective: colonne.texte.nullable(),
  dateSuiviCorrectrice: colonne.texte.nullable(),
  commentaire: colonne.texte.nullable(),
  informationsAudite: colonne.texte.nullable(),
  informationsAuditeur: colonne.texte.nullable(),
  enRetard: colonne.booleen,
});
export type LigneManquement = z.output<typeof ligneManquement>;

/** What a shortcoming's page shows besides its row. */
export const ligneDetailManquement = ligneManquement.extend({
  aopIgpId: colonne.texte,
  valeur: colonne.texte.nullable(),
  mesureCorrective: colonne.texte.nullable(),
  delaiSuiviCorrective: colonne.texte.nullable(),
  mesureCorrectrice: colonne.texte.nullable(),
  delaiSuiviCorrectrice: colonne.texte.nullable(),
  controleId: colonne.texte.nullable(),
  pointControleId: colonne.texte,
  rapportSigneFichierId: colonne.texte.nullable(),
});

export const ligneParCategorie = z.object({
  categorie: colonne.texte,
  seuil,
  nombre: colonne.entier,
});

/** A change of state; its author is null when the account or the person is gone. */
export const ligneHistorique = z.object({
  date: colonne.texte,
  etatAvant: etat.nullable(),
  etat,
  commentaire: colonne.texte.nullable(),
  origine: colonne.texte,
  auteur: colonne.texte.nullable(),
});

/** An earlier shortcoming of the operator on the same point and label. */
export const lignePrecedent = z.object({
  id: colonne.texte,
  date: colonne.texte,
  etat,
  seuil,
});

export const etatManquement = z.object({ etat });
