import { z } from 'zod';

/**
 * Pression de contrôle (`/api/tdb/pression`): per campaign, AOP-IGP and activity, the target rate
 * of operators to control, and a reproducible draw of the operators to control.
 */
const idParam = z.string().regex(/^\d{1,15}$/, 'Identifiant invalide');

export const pressionQuerySchema = z.strictObject({ campagneId: idParam.optional() });

export const pressionLigneSchema = z.object({
  aopIgpId: z.string(),
  aopIgp: z.string(),
  activiteId: z.string(),
  activite: z.string(),
  taux: z.number().int().nullable(),
  habilites: z.number().int(),
  controles: z.number().int(),
  programmes: z.number().int(),
  /** Operators to control to reach the rate (rounded up). */
  objectif: z.number().int(),
  /** objectif − (contrôlés + programmés); positive means still short. */
  ecart: z.number().int(),
});
export const pressionSchema = z.object({
  campagnes: z.array(
    z.object({ id: z.string(), libelle: z.string(), debut: z.string(), fin: z.string() }),
  ),
  campagneId: z.string().nullable(),
  lignes: z.array(pressionLigneSchema),
});
export type Pression = z.infer<typeof pressionSchema>;
export type PressionLigne = z.infer<typeof pressionLigneSchema>;

export const preselectionQuerySchema = z.strictObject({
  campagneId: idParam,
  aopIgpId: idParam,
  size: z.coerce.number().int().min(1).max(2000).default(50),
});
export const candidatSchema = z.object({
  id: z.string(),
  raisonSociale: z.string(),
  siret: z.string(),
  ville: z.string().nullable(),
  dernierControle: z.string().nullable(),
  manquementsOuverts: z.number().int(),
});
export type Candidat = z.infer<typeof candidatSchema>;
export const preselectionSchema = z.object({
  /** Operators habilitated for the label, not controlled nor programmed in the campaign. */
  totalCandidats: z.number().int(),
  content: z.array(candidatSchema),
});

/**
 * `PUT /api/tdb/pression/taux`: the target rate of a campaign for a label, for one of its
 * activities or (no activity) for all of them; `taux: null` removes it.
 */
export const tauxRequestSchema = z.object({
  campagneId: idParam,
  aopIgpId: idParam,
  activiteId: idParam.nullable().default(null),
  taux: z
    .number()
    .int('Ce champ doit contenir une valeur entre 0 et 100')
    .min(0, 'Ce champ doit contenir une valeur entre 0 et 100')
    .max(100, 'Ce champ doit contenir une valeur entre 0 et 100')
    .nullable(),
});
export type TauxRequest = z.input<typeof tauxRequestSchema>;

export const prepareTirageRequestSchema = z.object({
  campagneId: idParam,
  aopIgpId: idParam,
  /** How many to draw at random among the candidates left once the preselection is taken. */
  nombre: z.number().int().min(1).max(2000),
  /** Operators of the preselection the office keeps: not drawn from, recorded with the draw. */
  preselectionnes: z.array(idParam).max(2000).default([]),
  /** Given to re-run a recorded draw; a fresh one is chosen otherwise. */
  graine: z
    .string()
    .regex(/^[0-9a-f]{8,64}$/, 'Graine invalide')
    .optional(),
});
export type PrepareTirageRequest = z.input<typeof prepareTirageRequestSchema>;
export const tirageSchema = z.object({
  id: z.string(),
  campagneId: z.string(),
  aopIgpId: z.string(),
  graine: z.string(),
  nombre: z.number().int(),
  date: z.string(),
  auteur: z.string(),
  nbCandidats: z.number().int(),
  preselectionnes: z.array(candidatSchema),
  tires: z.array(candidatSchema),
  /**
   * The recorded draw checked again: the generator re-run on the recorded candidates with the
   * recorded seed gives the recorded list.
   */
  verifie: z.boolean(),
});
export type Tirage = z.infer<typeof tirageSchema>;

export const tiragesQuerySchema = z.strictObject({
  campagneId: idParam,
  aopIgpId: idParam.optional(),
});
export const tirageResumeSchema = tirageSchema
  .omit({ preselectionnes: true, tires: true })
  .extend({ aopIgp: z.string(), nbPreselectionnes: z.number().int(), nbTires: z.number().int() });
export type TirageResume = z.infer<typeof tirageResumeSchema>;
export const panierAjoutSchema = z.object({ ajoutes: z.number().int() });
/** `POST /api/tdb/pression/panier`: a whole draw may go to the basket at once. */
export const pressionPanierRequestSchema = z.object({
  personneMoraleIds: z.array(idParam).min(1).max(2000),
});
