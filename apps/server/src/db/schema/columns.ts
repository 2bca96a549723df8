import { sql } from 'drizzle-orm';
import { bigint, customType, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id; read as a decimal string (it exceeds 2^53 in long-lived clusters). */
export const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});

export const id = () =>
  bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
/** A required reference (NOT NULL foreign key), the shape most links between tables take. */
export const refRequise = (name: string, cible: () => AnyPgColumn) =>
  ref(name).notNull().references(cible);

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Columns of every table that devices synchronise (docs/architecture.md §4). `change_xid` and
 * `version` are maintained by the `estive_touch` trigger, never by application code.
 */
export const syncColumns = {
  version: integer('version').notNull().default(1),
  changeXid: xid8('change_xid')
    .notNull()
    .default(sql`pg_current_xact_id()`),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  ...timestamps,
};
