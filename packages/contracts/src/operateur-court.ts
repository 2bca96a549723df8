import { z } from 'zod';

/** How lists and cards name an operator: company name, SIRET and town (a shape to spread). */
export const champsIdentiteOperateur = {
  raisonSociale: z.string(),
  siret: z.string(),
  codePostal: z.string().nullable(),
  ville: z.string().nullable(),
};

/** An operator in short (searches, a round's or a follow-up's operator). */
export const operateurCourtSchema = z.object({ id: z.string(), ...champsIdentiteOperateur });
export type OperateurCourt = z.infer<typeof operateurCourtSchema>;
