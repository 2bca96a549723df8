import { bigint, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, refRequise } from './columns';
import { utilisateur } from './organisations';

/** The provider identity (issuer, subject) an account was bound to at its first federated sign-in. */
export const identiteFederee = pgTable(
  'identite_federee',
  {
    id: id(),
    utilisateurId: refRequise('utilisateur_id', () => utilisateur.id),
    issuer: text('issuer').notNull(),
    sub: text('sub').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identite_federee_sub_uq').on(t.issuer, t.sub),
    uniqueIndex('identite_federee_utilisateur_uq').on(t.utilisateurId, t.issuer),
  ],
);

/** A session (refresh-token family) opened by the provider, with its ID token for sign-out. */
export const sessionFederee = pgTable('session_federee', {
  family: uuid('family').primaryKey(),
  idToken: text('id_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Settings of the whole installation, set by CNAOL. */
export const parametreGlobal = pgTable('parametre_global', {
  cle: text('cle').primaryKey(),
  valeur: jsonb('valeur').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => utilisateur.id),
});
