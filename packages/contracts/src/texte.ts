import { z } from 'zod';

export const MESSAGE_CARACTERE_INTERDIT =
  'Caractère non autorisé (caractère nul ou caractère Unicode incomplet)';

// In unicode mode a surrogate pair is one code point: the class matches only lone surrogates.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const INTERDIT = /[\u0000\ud800-\udfff]/u;

/**
 * A user-typed text PostgreSQL can store: no NUL, no lone surrogate (refused by `text`/`jsonb`),
 * at most `max` characters. Such input is a field error (400), never a database error.
 */
export const texteSaisi = (max = 200) =>
  z
    .string()
    .max(max)
    .refine((s) => !INTERDIT.test(s), MESSAGE_CARACTERE_INTERDIT);

/** A database id in a path, query or body: decimal digits, kept as a string (DESIGN §3). */
export const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'Identifiant invalide');

/** A list of ids in a query string: repeated (`?aops=1&aops=2`) or comma-separated. */
export const idsQuerySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : v),
  z.array(idSchema).max(500),
);
