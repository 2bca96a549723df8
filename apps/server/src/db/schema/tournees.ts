import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StatutTournee } from '@estive/domain';
import { id, ref, syncColumns, timestamps, refRequise } from './columns';
import { organisme, utilisateur } from './organisations';
import { personneMorale } from './annuaire';

export const campagne = pgTable(
  'campagne',
  {
    id: id(),
    libelle: text('libelle').notNull(),
    annee: integer('annee').notNull(),
    odgId: ref('odg_id').references(() => organisme.id),
    debut: date('debut').notNull(),
    fin: date('fin').notNull(),
    /** The ODG's current campaign: new rounds and the control pressure default to it. */
    courante: boolean('courante').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campagne_courante_uq')
      .on(t.odgId)
      .where(sql`courante`),
  ],
);

export const tournee = pgTable(
  'tournee',
  {
    id: id(),
    odgId: refRequise('odg_id', () => organisme.id),
    campagneId: ref('campagne_id').references(() => campagne.id),
    controleurId: ref('controleur_id').references(() => utilisateur.id),
    debut: date('debut').notNull(),
    fin: date('fin').notNull(),
    statut: text('statut').$type<StatutTournee>().notNull(),
    planningFichierId: ref('planning_fichier_id'),
    ...syncColumns,
  },
  (t) => [index('tournee_controleur_idx').on(t.controleurId), index('tournee_odg_idx').on(t.odgId)],
);

export const tourneeOperateur = pgTable(
  'tournee_operateur',
  {
    id: id(),
    tourneeId: refRequise('tournee_id', () => tournee.id),
    personneMoraleId: refRequise('personne_morale_id', () => personneMorale.id),
    valide: boolean('valide').notNull().default(false),
    avisPassageFichierId: ref('avis_passage_fichier_id'),
    /** An unvalidated card as last saved by the wizard ('Sauvegarder'); null once validated. */
    brouillon: jsonb('brouillon'),
    ...timestamps,
  },
  (t) => [uniqueIndex('tournee_operateur_uq').on(t.tourneeId, t.personneMoraleId)],
);

/** The basket of operators waiting to be put into a round, per perimeter (ODG). */
export const panier = pgTable(
  'panier',
  {
    id: id(),
    odgId: refRequise('odg_id', () => organisme.id),
    personneMoraleId: refRequise('personne_morale_id', () => personneMorale.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('panier_uq').on(t.odgId, t.personneMoraleId)],
);

/**
 * Each status move of a round (issue 14 Deliver 2): who made it (null: the server on its own) and
 * when. Written in the transaction of the move, by the service or by the TERMINEE trigger.
 */
export const tourneeEvenement = pgTable(
  'tournee_evenement',
  {
    id: id(),
    tourneeId: refRequise('tournee_id', () => tournee.id),
    statut: text('statut').$type<StatutTournee>().notNull(),
    utilisateurId: ref('utilisateur_id').references(() => utilisateur.id),
    le: timestamp('le', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tournee_evenement_tournee_idx').on(t.tourneeId)],
);
