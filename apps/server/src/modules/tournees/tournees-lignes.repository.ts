import { z } from 'zod';
import { STATUTS_TOURNEE, type NiveauControle } from '@estive/domain';
import { colonne } from '../../db/lignes';

/**
 * The rows of the rounds' writes (tournees-ecriture.repository.ts), declared once here to keep
 * that file short; bigint columns, counts and bigint[] elements read as numbers from either driver.
 */

/** The round locked by a write. */
export const tourneeVerrouillee = z.object({
  id: colonne.entier,
  odg_id: colonne.entier,
  statut: z.enum(STATUTS_TOURNEE),
  controleur_id: colonne.entier.nullable(),
});
export type TourneeVerrouillee = z.output<typeof tourneeVerrouillee>;

/** A row's id (`returning id`, an existence check). */
export const identifiant = z.object({ id: colonne.entier });

/** What an operator may reference; each aggregate is null when there is nothing. */
export const referencesBrutes = z.object({
  sites: z.array(colonne.entier).nullable(),
  activites: z.array(z.object({ id: colonne.entier, aop: colonne.entier })).nullable(),
  aops: z.array(colonne.entier).nullable(),
  fichiers: z.array(colonne.entier).nullable(),
});

/** An operator's control already in the round; a sealed one is not touched. */
export const controleExistant = z.object({
  id: colonne.entier,
  aop_igp_id: colonne.entier,
  scelle: colonne.booleen,
});

/** The round's live controls and unvalidated cards. */
export const etatCartes = z.object({ controles: colonne.entier, brouillons: colonne.entier });

/** One control to write: an appellation of an operator's visit. */
export interface ControleAEcrire {
  aopId: number;
  siteIds: number[];
  niveau: NiveauControle;
  activiteAopIgpIds: number[];
  fichierIds: number[];
}

/** What the validation needs to know of an operator in the perimeter. */
export interface ReferencesOperateur {
  siteIds: Set<number>;
  /** activite_aop id → its AOP-IGP, for the ODG's labels only. */
  activites: Map<number, number>;
  aopIds: Set<number>;
  fichierIds: Set<number>;
}
