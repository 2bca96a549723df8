import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database, Transaction } from './client';
import { uneLigne } from './une-ligne';

/** node-postgres gives bigint, count(*) and numeric as text: a number, whatever the driver. */
const nombreDepuisTexte = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' ? Number(v) : v;

/**
 * Column types as both drivers answer them. node-postgres gives bigint, count(*) and numeric as
 * text and timestamps as Date; PGlite gives numbers and Date: a row schema reads either the same.
 * No coercion of null: a column that can be null (left join, aggregate) says so with .nullable(),
 * else its null is an error, not a 0 or a 1970 date.
 */
export const colonne = {
  /** An id (bigint or serial), a count, an integer. */
  entier: z.preprocess(nombreDepuisTexte, z.number().int()),
  /** A numeric or a float. */
  nombre: z.preprocess(nombreDepuisTexte, z.number()),
  texte: z.string(),
  booleen: z.boolean(),
  /** A timestamp (timestamptz), as a Date (JSON built in SQL holds it as text). */
  instant: z.preprocess((v) => (typeof v === 'string' ? new Date(v) : v), z.date()),
  /** What json_agg or a jsonb column holds: the row's schema says its shape. */
  json: z.unknown(),
};

/** `count(*)::int AS n`: a count's one row. */
export const ligneCompte = z.object({ n: colonne.entier });
/** `SELECT 1 AS ok`: the row that says another exists. */
export const ligneExiste = z.object({ ok: colonne.entier });

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
  // Both drivers answer `{ rows }`; the shared PgDatabase type cannot know it, the check can.
  const result: unknown = await db.execute(query);
  if (typeof result !== 'object' || result === null || !('rows' in result))
    throw new Error('Réponse SQL sans lignes');
  return z.array(schema).parse(result.rows);
}

/** Renders a query to its text and parameters, as `db.execute` does (no casing option is used). */
const dialecte = new PgDialect();

/**
 * `lignes`, through a named prepared statement on PostgreSQL: each connection parses and plans the
 * text once, then binds and runs it (after five runs PostgreSQL keeps a generic plan when it costs
 * no more than the custom ones). For a narrow search typed key by key, parse and plan were ~80% of
 * PostgreSQL's time (bench/recherche, docs/decisions.md). The name is the text's hash: one name
 * never stands for two texts. node-postgres keeps every name a connection prepared for the life of
 * the connection, so only queries whose text takes few shapes belong here (lists bound as one
 * array parameter, not as `in ($1, $2, …)`). PGlite's driver has no named statements: the same
 * query runs unnamed there.
 */
export async function lignesPreparees<S extends z.ZodType>(
  db: Database | Transaction,
  query: SQL,
  schema: S,
): Promise<z.output<S>[]> {
  const rendue = dialecte.sqlToQuery(query);
  const nom = `estive_${createHash('sha1').update(rendue.sql).digest('base64url')}`;
  const result: unknown = await db._.session.prepareQuery(rendue, undefined, nom, false).execute();
  if (typeof result !== 'object' || result === null || !('rows' in result))
    throw new Error('Réponse SQL sans lignes');
  return z.array(schema).parse(result.rows);
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
