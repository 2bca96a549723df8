import { z } from 'zod';
import {
  grilleSchema,
  RESULTATS_CONTROLE,
  STATUTS_CONTROLE,
  synthesesSchema,
} from '@estive/domain';
import { pageQuerySchema, pageSchema } from './paging';

/**
 * Sync conflicts for the office (`/api/tdb/conflit`): a controller's offline entry that met an
 * office change (`controle_conflit`), both versions, and the office's choice of the one to keep.
 */
export const MOTIFS_CONFLIT = [
  'FINALISE',
  'REAFFECTE',
  'ANNULE',
  'MODIFIE',
  'SUPPRIME',
  /** The entry disagrees with the grid's rules as the server computes them (forged or faulty device). */
  'VERDICTS',
] as const;
export type MotifConflit = (typeof MOTIFS_CONFLIT)[number];

export const conflitQuerySchema = pageQuerySchema
  .extend({
    /** `false` (default): conflicts still open; `true`: the resolved ones. */
    resolu: z.enum(['true', 'false']).default('false'),
  })
  .strict();
export type ConflitQuery = z.input<typeof conflitQuerySchema>;

export const conflitLigneSchema = z.object({
  id: z.string(),
  controleId: z.string(),
  numeroRapport: z.string(),
  raisonSociale: z.string(),
  aopIgp: z.string(),
  dateControle: z.string(),
  motif: z.enum(MOTIFS_CONFLIT),
  /** Who pushed the entry (the inbox's sender) and when the server received it. */
  controleur: z.string().nullable(),
  recuLe: z.string(),
  resoluLe: z.string().nullable(),
});
export type ConflitLigne = z.infer<typeof conflitLigneSchema>;
export const conflitPageSchema = pageSchema(conflitLigneSchema);

export const versionControleSchema = z.object({
  date: z.string().nullable(),
  statut: z.enum(STATUTS_CONTROLE).nullable(),
  resultat: z.enum(RESULTATS_CONTROLE).nullable(),
  etapeSaisie: z.number().int().nullable(),
  raisonAbandon: z.string().nullable(),
  controleur: z.string().nullable(),
  grille: grilleSchema.nullable(),
  synthese: synthesesSchema.nullable(),
});
export type VersionControle = z.infer<typeof versionControleSchema>;

export const GARDES_CONFLIT = ['BUREAU', 'APPAREIL'] as const;
export type GardeConflit = (typeof GARDES_CONFLIT)[number];

export const conflitDetailSchema = conflitLigneSchema.extend({
  /** The office's side: the control as it stands (locked entries) or as it was when the entry came. */
  bureau: versionControleSchema,
  /** The device's pushed entry, as kept in the inbox. */
  appareil: versionControleSchema,
  /** Where the entry disagrees with the rules (motif VERDICTS), in French; empty otherwise. */
  ecarts: z.array(z.string()),
  resolution: z
    .object({ garde: z.enum(GARDES_CONFLIT), par: z.string(), le: z.string() })
    .nullable(),
});
export type ConflitDetail = z.infer<typeof conflitDetailSchema>;

export const conflitResolutionRequestSchema = z.object({
  garde: z.enum(GARDES_CONFLIT, 'Choisissez la version à conserver'),
});
export type ConflitResolutionRequest = z.infer<typeof conflitResolutionRequestSchema>;
