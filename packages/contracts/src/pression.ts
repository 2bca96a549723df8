import { z } from 'zod';

/**
 * Pression de contrôle (`/api/tdb/pression`): per campaign, AOP-IGP and activity, the target rate
 * of operators to control, and a reproducible draw of the operators to control.
 */
const idParam = z.string().regex(/^\d{1,15}$/, 'Identifiant invalide');

export const pressionQuerySchema = z.object({ campagneId: idParam.optional() });

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

export const preselectionQuerySchema = z.object({
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

export const prepareTirageRequestSchema = z.object({
  campagneId: idParam,
  aopIgpId: idParam,
  nombre: z.number().int().min(1).max(2000),
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
  tires: z.array(candidatSchema),
});
export type Tirage = z.infer<typeof tirageSchema>;
export const panierAjoutSchema = z.object({ ajoutes: z.number().int() });
