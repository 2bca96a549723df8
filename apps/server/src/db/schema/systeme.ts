import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits (login), shared by every API node: a limit kept in one
 * process's memory would multiply by the number of nodes behind the load balancer.
 */
export const rateLimit = pgTable('rate_limit', {
  cle: text('cle').primaryKey(),
  compte: integer('compte').notNull(),
  fin: timestamp('fin', { withTimezone: true }).notNull(),
});
