import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from './client';
import { uneLigne } from './une-ligne';

/**
 * Column types as both drivers answer them. node-postgres gives bigint, count(*) and numeric as
 * text and timestamps as Date; PGlite gives numbers and Date: a row schema reads either the same.
 */
export const colonne = {
  /** An id (bigint or serial), a count, an integer. */
  entier: z.coerce.number().int(),
  /** A numeric or a float. */
  nombre: z.coerce.number(),
  texte: z.string(),
  booleen: z.boolean(),
  /** A timestamp (timestamptz), as a Date. */
  instant: z.coerce.date(),
  /** What json_agg or a jsonb column holds: the row's schema says its shape. */
  json: z.unknown(),
};

/** A raw query's row, as its repository declares it. */
export type Ligne<S extends z.ZodType> = z.output<S>;

/**
 * The rows of a raw SQL query, each parsed by the row's schema: the repository declares its row
 * once and the type follows from it, instead of being asserted. A row that does not match is a
 * programming error: it throws with the column at fault.
 */
export async function lignes<S extends z.ZodType>(
  db: Database | Transaction,
  query: SQL,
  schema: S,
): Promise<z.output<S>[]> {
  const result: unknown = await db.execute(query);
  // Both drivers answer `{ rows }`; the shared PgDatabase type cannot know it.
  const { rows } = result as { rows: unknown[] };
  return z.array(schema).parse(rows);
}

/** The one row a raw query must answer (a count, an aggregate): none throws. */
export async function ligne<S extends z.ZodType>(
  db: Database | Transaction,
  query: SQL,
  schema: S,
): Promise<z.output<S>> {
  return uneLigne(await lignes(db, query, schema));
}

/** The first row of a raw query, if any. */
export async function premiereLigne<S extends z.ZodType>(
  db: Database | Transaction,
  query: SQL,
  schema: S,
): Promise<z.output<S> | undefined> {
  return (await lignes(db, query, schema))[0];
}
