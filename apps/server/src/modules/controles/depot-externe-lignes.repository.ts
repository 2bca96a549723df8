import { z } from 'zod';
import { ETATS_MANQUEMENT, SEVERITES } from '@estive/domain';
import { colonne } from '../../db/lignes';

/**
 * The rows of the external deposit's look-ups (depot-externe.repository.ts), declared once here
 * to keep that file short. Ids the screens show are selected as text (`id::text`); those the
 * deposit checks are read back as numbers.
 */

export const odgDepot = z.object({ id: colonne.texte, raisonSociale: colonne.texte });

export const aopIgpDepot = z.object({
  id: colonne.texte,
  libelle: colonne.texte,
  migre: colonne.booleen,
});

export const operateurDepot = z.object({
  id: colonne.texte,
  raisonSociale: colonne.texte,
  siret: colonne.texte,
  ville: colonne.texte.nullable(),
});

/** An auditor. `personneMorale` (an inner join on a not-null column) is never null in fact. */
export const auditeurDepot = z.object({
  id: colonne.texte,
  nom: colonne.texte,
  prenom: colonne.texte,
  personneMorale: colonne.texte.nullable(),
});

export const pointDepot = z.object({
  id: colonne.texte,
  code: colonne.texte,
  libelle: colonne.texte,
});

/** A shortcoming the deposit may update; `date` is ISO text built in SQL. */
export const manquementExistant = z.object({
  id: colonne.texte,
  codePoint: colonne.texte,
  libellePoint: colonne.texte,
  etat: z.enum(ETATS_MANQUEMENT),
  seuil: z.enum(SEVERITES).nullable(),
  valeur: colonne.texte.nullable(),
  date: colonne.texte,
});

/** An id selected as text (`::text`), read as the number the deposit compares. */
export const identifiantNumerique = z.object({ id: colonne.entier });

export const etatAvant = z.object({ etat: z.enum(ETATS_MANQUEMENT) });
