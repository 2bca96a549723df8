import { z } from 'zod';
import { DECLENCHEMENTS_TACHE, STATUTS_EXECUTION } from '@estive/domain';

/** Scheduled jobs of the settings (issue 16 §6). */
export const CODES_TACHE = ['PURGE_RETENTION', 'RELANCES_MANQUEMENTS'] as const;
export type CodeTache = (typeof CODES_TACHE)[number];

export const executionSchema = z.object({
  id: z.string(),
  debut: z.string(),
  fin: z.string().nullable(),
  statut: z.enum(STATUTS_EXECUTION),
  declenchement: z.enum(DECLENCHEMENTS_TACHE),
  /** Who started it by hand (prénom nom), null for the schedule. */
  par: z.string().nullable(),
  bilan: z.record(z.string(), z.number()),
  erreur: z.string().nullable(),
});
export type Execution = z.infer<typeof executionSchema>;

export const tacheSchema = z.object({
  code: z.enum(CODES_TACHE),
  libelle: z.string(),
  description: z.string(),
  /** Every how many minutes the schedule runs it. */
  periodiciteMinutes: z.number().int(),
  derniere: executionSchema.nullable(),
  historique: z.array(executionSchema),
});
export type Tache = z.infer<typeof tacheSchema>;
export const tachesSchema = z.array(tacheSchema);

/** `POST /api/tache/execution`: the task to start now, and the execution it started. */
export const lancementTacheSchema = z.object({ code: z.enum(CODES_TACHE) });
export const tacheLanceeSchema = z.object({ id: z.string() });
export const codeTacheParamsSchema = z.object({ code: z.enum(CODES_TACHE) });
