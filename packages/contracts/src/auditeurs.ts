import { z } from 'zod';

/**
 * An auditor the control entry form may name on a report (spec part 2 §3 'Person (auditor)'): a
 * controller holding a right on the ODG of the caller's active right.
 */
export const auditeurSchema = z.object({
  /** Id of the natural person (personne physique), as the external deposit's `auditeurId`. */
  id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  mail: z.string(),
  telephone: z.string().nullable(),
  /** The person's employer, when known. */
  organisme: z.string().nullable(),
});
export type Auditeur = z.infer<typeof auditeurSchema>;

/** GET /api/principal/auditeurs: the whole list, sorted by nom then prénom (kept on the device). */
export const auditeursSchema = z.array(auditeurSchema);
