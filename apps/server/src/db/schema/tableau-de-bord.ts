import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EtatManquement } from '@estive/domain';
import { id, ref, refRequise } from './columns';
import { manquement } from './controles';
import { organisme, utilisateur } from './organisations';
import { activite, aopIgp } from './referentiel';
import { campagne } from './tournees';

/** Every state change or comment the office makes on a shortcoming (the manquement page's history). */
export const manquementHistorique = pgTable(
  'manquement_historique',
  {
    id: id(),
    manquementId: refRequise('manquement_id', () => manquement.id),
    utilisateurId: ref('utilisateur_id').references(() => utilisateur.id),
    etatAvant: text('etat_avant').$type<EtatManquement>(),
    etat: text('etat').$type<EtatManquement>().notNull(),
    commentaire: text('commentaire'),
    /** Where it came from: the office (BUREAU), an external deposit (DEPOT_EXTERNE), a manual entry. */
    origine: text('origine').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('manquement_historique_manquement_idx').on(t.manquementId)],
);

/** Target rate of operators to control, per campaign, AOP-IGP and activity (pression de contrôle). */
export const tauxControle = pgTable(
  'taux_controle',
  {
    id: id(),
    campagneId: refRequise('campagne_id', () => campagne.id),
    aopIgpId: refRequise('aop_igp_id', () => aopIgp.id),
    activiteId: ref('activite_id').references(() => activite.id),
    /** Percent of habilitated operators to control during the campaign. */
    taux: integer('taux').notNull(),
  },
  // One rate per campaign, label and activity (no activity: the label's default rate).
  (t) => [
    uniqueIndex('taux_controle_cle_idx').on(
      t.campagneId,
      t.aopIgpId,
      sql`coalesce(${t.activiteId}, 0)`,
    ),
  ],
);

/**
 * A draw of operators to control: the seed and the resulting list are recorded so that an
 * auditor of the ODG can re-run it and check the same operators come out.
 */
export const tirage = pgTable(
  'tirage',
  {
    id: id(),
    odgId: refRequise('odg_id', () => organisme.id),
    campagneId: refRequise('campagne_id', () => campagne.id),
    aopIgpId: refRequise('aop_igp_id', () => aopIgp.id),
    graine: text('graine').notNull(),
    nombre: integer('nombre').notNull(),
    /** The candidates in the order drawn from, and the operators drawn (ids). */
    candidats: jsonb('candidats').$type<number[]>().notNull(),
    tires: jsonb('tires').$type<number[]>().notNull(),
    /** Operators of the preselection kept before the draw (not among the candidates drawn from). */
    preselectionnes: jsonb('preselectionnes').$type<number[]>().notNull().default([]),
    utilisateurId: refRequise('utilisateur_id', () => utilisateur.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tirage_odg_idx').on(t.odgId, t.campagneId)],
);
