import { sql, type SQL } from 'drizzle-orm';

/**
 * JSON written by PostgreSQL as `JSON.stringify` writes it: keys in the given order, no
 * whitespace. `json_build_object` / `json_agg` put spaces and newlines in their text and `jsonb`
 * reorders keys, so a feed sending SQL-built JSON as it is assembles the text itself; each value
 * goes through `to_json` (strings escaped as JSON, dates as ISO, numbers as PostgreSQL prints them).
 */
export type ValeurJson = SQL | { json: SQL };

/** A value already JSON text (a nested object or array built with these helpers). */
export const dejaJson = (texte: SQL): ValeurJson => ({ json: texte });

const texteDe = (v: ValeurJson): SQL =>
  'json' in v ? v.json : sql`coalesce(to_json(${v})::text, 'null')`;

/** `{"k1":v1,"k2":v2}`; keys are code constants (never user input). */
export function objetJson(champs: readonly (readonly [string, ValeurJson])[]): SQL {
  const morceaux = champs.map(([cle, valeur], i) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(cle)) throw new Error(`Clé JSON invalide : ${cle}`);
    return sql`${sql.raw(`'${i === 0 ? '{' : ','}"${cle}":'`)} || ${texteDe(valeur)}`;
  });
  return sql`(${sql.join(morceaux, sql` || `)} || '}')`;
}

/** The aggregate `[e1,e2,…]` of `element` over a query's rows (`[]` when there is none). */
export const tableauJson = (element: SQL, ordre: SQL) =>
  sql`coalesce('[' || string_agg(${element}, ',' order by ${ordre}) || ']', '[]')`;
