import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeclenchementTache, MesureManquement, StatutExecution } from '@estive/domain';
import { id, ref, refRequise } from './columns';
import { manquement } from './controles';
import { utilisateur } from './organisations';

/** One run of a scheduled task (settings, 'Tâches'): its outcome stays for the office to read. */
export const tacheExecution = pgTable(
  'tache_execution',
  {
    id: id(),
    code: text('code').notNull(),
    declenchement: text('declenchement').$type<DeclenchementTache>().notNull(),
    utilisateurId: ref('utilisateur_id').references(() => utilisateur.id),
    statut: text('statut').$type<StatutExecution>().notNull(),
    debut: timestamp('debut', { withTimezone: true }).notNull().defaultNow(),
    fin: timestamp('fin', { withTimezone: true }),
    bilan: jsonb('bilan').$type<Record<string, number>>().notNull().default({}),
    erreur: text('erreur'),
  },
  (t) => [
    index('tache_execution_code_idx').on(t.code, t.debut),
    // One run of a task at a time, across every process of the cluster.
    uniqueIndex('tache_execution_en_cours_uq')
      .on(t.code)
      .where(sql`statut = 'EN_COURS'`),
  ],
);

/**
 * A follow-up reminder sent for a shortcoming whose corrective or correcting measure is overdue:
 * one per measure and due date, so a run never reminds twice for the same delay.
 */
export const relanceManquement = pgTable(
  'relance_manquement',
  {
    id: id(),
    manquementId: refRequise('manquement_id', () => manquement.id),
    mesure: text('mesure').$type<MesureManquement>().notNull(),
    echeance: date('echeance').notNull(),
    destinataire: text('destinataire'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('relance_manquement_uq').on(t.manquementId, t.mesure, t.echeance)],
);
