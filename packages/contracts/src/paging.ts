import { z } from 'zod';

/** DESIGN §3 paging: page 0-based, size ≤ 2000 (the spec's 'all'), default 10. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(2000).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  });

export const panierLigneSchema = z.object({
  id: z.string(),
  personneMoraleId: z.string(),
  raisonSociale: z.string(),
  siret: z.string(),
  codePostal: z.string().nullable(),
  ville: z.string().nullable(),
});
export const panierPageSchema = pageSchema(panierLigneSchema);
