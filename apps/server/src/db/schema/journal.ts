import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, ref, refRequise } from './columns';
import { utilisateur } from './organisations';

/**
 * Office actions that must be answerable later (GDPR anonymisation): who, when, what. Append-only
 * by trigger; `details` never holds the erased personal data.
 */
export const journalAction = pgTable(
  'journal_action',
  {
    id: id(),
    utilisateurId: refRequise('utilisateur_id', () => utilisateur.id),
    action: text('action').notNull(),
    entite: text('entite').notNull(),
    entiteId: ref('entite_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journal_action_entite_idx').on(t.entite, t.entiteId)],
);
