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

export const MESSAGE_ID_INVALIDE = 'Identifiant invalide';
/** Decimal digits only: `1e3`, `0x10`, ` 12` or `1.0` are not ids (Number() would read them). */
export const ID_DECIMAL = /^[1-9][0-9]{0,17}$/;

/**
 * A database id in a path, query or body: decimal digits, kept as a string
 * (docs/architecture.md §3).
 */
export const idSchema = z.string().regex(ID_DECIMAL, MESSAGE_ID_INVALIDE);

/**
 * A database id read as a number: decimal digits (a path or a query is text) or a JSON integer,
 * within what a JavaScript number holds exactly. Never `z.coerce`: it reads `1e3` as 1000.
 */
export const idNombre = (message = MESSAGE_ID_INVALIDE) =>
  z
    .union(
      [
        z.string().regex(ID_DECIMAL, message).transform(Number),
        z.number({ error: message }).int(message).positive(message),
      ],
      // Missing, null or of another type: the field's own message, not zod's 'Entrée invalide'.
      { error: message },
    )
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER, message));

export const MESSAGE_AUCUNE_MODIFICATION = 'Aucune modification';

/**
 * A partial update's body must change something: `{}`, or only keys the schema does not know
 * (stripped), is a 400 'Aucune modification', never an UPDATE without a column (a 500).
 */
export const modification = <T extends z.ZodObject>(schema: T) =>
  schema.refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: MESSAGE_AUCUNE_MODIFICATION,
  });

/** A list of ids in a query string: repeated (`?aops=1&aops=2`) or comma-separated. */
export const idsQuerySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : v),
  z.array(idSchema).max(500),
);

/** The dashboards' name for a user-typed text (same rule as texteSaisi). */
export const texteSur = (max: number) => texteSaisi(max);
