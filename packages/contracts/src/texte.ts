import { z } from 'zod';

/**
 * Text a user typed, as PostgreSQL can store it: no NUL (PostgreSQL's text refuses it) and no
 * lone surrogate (not valid UTF-8). Refused with 400 rather than failing in the database.
 */
const SURROGATE_SEULE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const texteSur = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000') && !SURROGATE_SEULE.test(s), 'Caractère invalide');
