import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  EtatManquement,
  NatureControle,
  NiveauControle,
  ResultatControle,
  Severite,
  StatutControle,
} from '@estive/domain';
import { id, ref, syncColumns, timestamps, refRequise } from './columns';
import { organisme, personnePhysique, utilisateur } from './organisations';
import { personneMorale } from './annuaire';
import { aopIgp, pointControle } from './referentiel';
import { tournee } from './tournees';

/**
 * Report numbers (docs/architecture.md §5 'Report numbers'): one sequence for every control,
 * whether the server numbers it at creation or a device took the number offline from a block
 * reserved at sync.
 */
export const numeroRapportSeq = pgSequence('numero_rapport_seq');

/**
 * One control = one operator, one AOP-IGP, one date. The controls of one visit (same operator,
 * date and round) share the grid and synthesis the entry form edits together.
 */
export const controle = pgTable(
  'controle',
  {
    id: id(),
    /** Set by the device that created the control offline; makes its push idempotent. */
    clientUuid: uuid('client_uuid'),
    /** Printed 'SIQ-<n>' on its report; final from creation, kept when a device pushes it. */
    numeroRapport: bigint('numero_rapport', { mode: 'number' })
      .notNull()
      .default(sql`nextval('numero_rapport_seq')`),
    tourneeId: ref('tournee_id').references(() => tournee.id),
    odgId: refRequise('odg_id', () => organisme.id),
    personneMoraleId: refRequise('personne_morale_id', () => personneMorale.id),
    aopIgpId: refRequise('aop_igp_id', () => aopIgp.id),
    controleurId: ref('controleur_id').references(() => utilisateur.id),
    date: timestamp('date', { withTimezone: true }).notNull(),
    niveau: text('niveau').$type<NiveauControle>().notNull(),
    nature: text('nature').$type<NatureControle>().notNull().default('INTERNE'),
    statut: text('statut').$type<StatutControle>().notNull(),
    resultat: text('resultat').$type<ResultatControle>(),
    etapeSaisie: integer('etape_saisie').notNull().default(1),
    siteIds: ref('site_ids').array().notNull().default([]),
    activiteAopIgpIds: ref('activite_aop_igp_ids').array().notNull().default([]),
    fichierIds: ref('fichier_ids').array().notNull().default([]),
    grille: jsonb('grille'),
    synthese: jsonb('synthese'),
    raisonAbandon: text('raison_abandon'),
    /** The controller's entry crossed an office change: kept, and flagged for the office to resolve. */
    conflit: boolean('conflit').notNull().default(false),
    rapportSha256: text('rapport_sha256'),
    /** External deposit: the person who audited (another body's auditor) and his observation. */
    auditeurId: ref('auditeur_id').references(() => personnePhysique.id),
    observation: text('observation'),
    ...syncColumns,
  },
  (t) => [
    uniqueIndex('controle_client_uuid_uq').on(t.clientUuid),
    uniqueIndex('controle_numero_rapport_uq').on(t.numeroRapport),
    index('controle_controleur_idx').on(t.controleurId),
    index('controle_tournee_idx').on(t.tourneeId),
    index('controle_personne_morale_idx').on(t.personneMoraleId),
    index('controle_odg_date_idx').on(t.odgId, t.date),
  ],
);

/**
 * Report numbers reserved for a controller's device under one ODG (docs/architecture.md §5): the
 * device numbers the controls it creates offline from them; `controleId` is set when a control
 * takes one.
 */
export const numeroRapportReserve = pgTable(
  'numero_rapport_reserve',
  {
    numero: bigint('numero', { mode: 'number' }).primaryKey(),
    utilisateurId: refRequise('utilisateur_id', () => utilisateur.id),
    odgId: refRequise('odg_id', () => organisme.id),
    controleId: ref('controle_id').references(() => controle.id),
    reserveLe: timestamp('reserve_le', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('numero_rapport_reserve_libre_idx').on(t.utilisateurId, t.odgId, t.controleId),
    uniqueIndex('numero_rapport_reserve_controle_uq').on(t.controleId),
  ],
);

/** What a device pushed that conflicted with an office change, kept for the office to resolve. */
export const controleConflit = pgTable('controle_conflit', {
  id: id(),
  controleId: refRequise('controle_id', () => controle.id),
  inboxId: ref('inbox_id').notNull(),
  baseVersion: integer('base_version').notNull(),
  versionServeur: integer('version_serveur').notNull(),
  motif: text('motif').notNull(),
  saisie: jsonb('saisie').notNull(),
  /** The server's side when the entry arrived (statut, controleur, date, version…). */
  serveur: jsonb('serveur'),
  resoluLe: timestamp('resolu_le', { withTimezone: true }),
  ...timestamps,
});

export const manquement = pgTable(
  'manquement',
  {
    id: id(),
    controleId: ref('controle_id').references(() => controle.id),
    personneMoraleId: refRequise('personne_morale_id', () => personneMorale.id),
    aopIgpId: refRequise('aop_igp_id', () => aopIgp.id),
    pointControleId: refRequise('point_controle_id', () => pointControle.id),
    etat: text('etat').$type<EtatManquement>().notNull(),
    niveau: text('niveau').$type<Severite>(),
    valeur: text('valeur'),
    informationsAuditeur: text('informations_auditeur'),
    informationsAudite: text('informations_audite'),
    commentaire: text('commentaire'),
    mesureCorrective: text('mesure_corrective'),
    delaiSuiviCorrective: text('delai_suivi_corrective'),
    dateSuiviCorrective: date('date_suivi_corrective'),
    mesureCorrectrice: text('mesure_correctrice'),
    delaiSuiviCorrectrice: text('delai_suivi_correctrice'),
    dateSuiviCorrectrice: date('date_suivi_correctrice'),
    dateDerniereEvolution: timestamp('date_derniere_evolution', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /** Found again, still open, by a later control (`controleRecidiveId`): one row, not two. */
    recidive: boolean('recidive').notNull().default(false),
    controleRecidiveId: ref('controle_recidive_id').references(() => controle.id),
    ...syncColumns,
  },
  (t) => [
    index('manquement_personne_morale_idx').on(t.personneMoraleId),
    index('manquement_operateur_point_idx').on(t.personneMoraleId, t.pointControleId, t.aopIgpId),
    index('manquement_controle_recidive_idx')
      .on(t.controleRecidiveId)
      .where(sql`${t.controleRecidiveId} is not null`),
    index('manquement_controle_idx').on(t.controleId),
    index('manquement_aop_idx').on(t.aopIgpId),
  ],
);
