import { z } from 'zod';
import { champsIdentiteOperateur } from './operateur-court';

/** docs/architecture.md §3 paging: page 0-based, size ≤ 2000 (the spec's 'all'), default 10. */
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
  ...champsIdentiteOperateur,
});
export const panierPageSchema = pageSchema(panierLigneSchema);

/**
 * docs/architecture.md §3 sort: `sort=field,ASC|DESC`, repeatable; one value or several arrive as
 * an array. The field is checked against each search's own list of sortable columns on the server.
 */
const triUnique = z
  .string()
  .max(80)
  .regex(/^[A-Za-z][A-Za-z0-9.]{0,60}(,(ASC|DESC|asc|desc))?$/, 'Tri invalide');
export const triSchema = z
  .union([triUnique, z.array(triUnique).max(5)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** Page, size and sort: the query of every paged search. */
export const pageTriQuerySchema = pageQuerySchema.extend({ sort: triSchema });
export type PageTriQuery = z.infer<typeof pageTriQuerySchema>;

// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are replaced
const CONTROLE = /[\u0000-\u001f]/g;
/** User text for a search: control characters (NUL included: PostgreSQL text refuses it) become spaces. */
export const sansControle = (v: string) => v.replace(CONTROLE, ' ').trim();

/** A text filter of a search: trimmed, bounded, never a NUL. */
export const filtreTexteSchema = z.string().max(200).transform(sansControle).optional();
