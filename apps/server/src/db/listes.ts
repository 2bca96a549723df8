import { sql, type SQL } from 'drizzle-orm';

/** Ids as bound parameters separated by commas (`$1, $2, $3`), for `in (…)` and `array[…]`. */
export const listeSql = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
