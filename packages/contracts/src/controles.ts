import { z } from 'zod';
import { NIVEAUX_CONTROLE, STATUTS_CONTROLE } from '@estive/domain';
import { idSchema } from './texte';

/**
 * `POST /api/controle/inopine`: an unannounced inspection created online (spec part 1 §7 'create
 * an unannounced inspection from operator and draft'). One entry per label; the checks and their
 * field names are the spec's (`controles[i].siteId`, `controles[i].niveau`,
 * `controles[i].activiteAopIgpIds`, `controles[i].documents`, `date[{operatorId}]`), so the body
 * stays loose here and the service answers every problem at once as field errors. Ids are
 * database ids, though: "abc", "1.5" or 20 digits are a field error here, not a failed query.
 */
const id = z
  .union([idSchema, z.number().int().positive().max(Number.MAX_SAFE_INTEGER)])
  .transform(String);

export const appellationInopineSchema = z.object({
  aopIgpId: id,
  siteIds: z.array(id).default([]),
  niveau: z.enum(NIVEAUX_CONTROLE).nullable().optional(),
  activiteAopIgpIds: z.array(id).default([]),
  fichierIds: z.array(id).default([]),
  /** Makes a retried request harmless: the same label of the same draft is created once. */
  clientUuid: z.uuid().optional(),
  /**
   * A report number the device holds from its reserved block
   * (docs/architecture.md §5 'Report numbers').
   */
  numeroRapport: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Numéro de rapport invalide')
    .optional(),
});

export const creationInopineRequestSchema = z.object({
  personneMoraleId: id,
  /** ISO instant of the visit; judged in Europe/Paris (never a Sunday). */
  date: z.iso.datetime({ offset: true }),
  controles: z.array(appellationInopineSchema).min(1).max(30),
});
export type CreationInopineRequest = z.input<typeof creationInopineRequestSchema>;

export const creationInopineResponseSchema = z.object({
  /** Server ids of the created controls, in the order of the request's labels. */
  ids: z.array(z.string()),
  /** Their versions: a device keeping a copy edits it from there (baseVersion of its push). */
  versions: z.array(z.number().int()),
  /** Their report numbers: the device's own when it sent them, else the server's. */
  numerosRapport: z.array(z.string()),
});
export type CreationInopineResponse = z.infer<typeof creationInopineResponseSchema>;

/** `POST /api/controles/:id/annulation`: the office cancels a control of its perimeter. */
export const annulationControleRequestSchema = z.object({
  raison: z.string().trim().min(1, 'Ce champ est obligatoire').max(2000),
});
export type AnnulationControleRequest = z.input<typeof annulationControleRequestSchema>;

/** `POST /api/controles/:id/controleur`: the office gives a control of its perimeter to another controller. */
export const changementControleurRequestSchema = z.object({ controleurId: id });
export type ChangementControleurRequest = z.input<typeof changementControleurRequestSchema>;

/** The control after an office action: devices pull it (or its tombstone) at their next sync. */
export const actionBureauResponseSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  statut: z.enum(STATUTS_CONTROLE),
  controleurId: z.string().nullable(),
  raisonAbandon: z.string().nullable(),
});
export type ActionBureauResponse = z.infer<typeof actionBureauResponseSchema>;
