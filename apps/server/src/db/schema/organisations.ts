import {
  boolean,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  timestamp,
  index,
} from 'drizzle-orm/pg-core';
import type { Role, TypeOrganisme } from '@estive/domain';
import { id, ref, syncColumns, timestamps, refRequise } from './columns';

/** ODG, ODG référente or organisme certificateur (OC). */
export const organisme = pgTable('organisme', {
  id: id(),
  type: text('type').$type<TypeOrganisme>().notNull(),
  raisonSociale: text('raison_sociale').notNull(),
  siret: text('siret'),
  adresse: text('adresse'),
  codePostal: text('code_postal'),
  ville: text('ville'),
  telephone: text('telephone'),
  mail: text('mail'),
  logoFichierId: ref('logo_fichier_id'),
  ...timestamps,
});

/** Which certifying body certifies which AOP-IGP of an ODG (synchronised as organismecertificateur). */
export const organismeCertificateur = pgTable('organisme_certificateur', {
  id: id(),
  organismeId: refRequise('organisme_id', () => organisme.id),
  odgId: refRequise('odg_id', () => organisme.id),
  aopIds: ref('aop_ids').array().notNull().default([]),
  ...syncColumns,
});

export const personnePhysique = pgTable(
  'personne_physique',
  {
    id: id(),
    civilite: text('civilite'),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    mail: text('mail'),
    telephone: text('telephone'),
    /** Employer: an organisation (ODG or OC) the person works for. */
    organismeId: ref('organisme_id').references(() => organisme.id),
    anonymise: boolean('anonymise').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('personne_physique_nom_idx').on(t.nom, t.prenom)],
);

export const utilisateur = pgTable(
  'utilisateur',
  {
    id: id(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().$type<Role[]>().notNull(),
    personnePhysiqueId: refRequise('personne_physique_id', () => personnePhysique.id),
    extranetEnabled: boolean('extranet_enabled').notNull().default(false),
    parametrage: jsonb('parametrage')
      .$type<{ tdbControles: boolean; tdbManquements: boolean; tdbSuiviOperateurs: boolean }>()
      .notNull()
      .default({ tdbControles: true, tdbManquements: true, tdbSuiviOperateurs: true }),
    actif: boolean('actif').notNull().default(true),
    /** Set by an administrator's creation or reset: every route but the change itself answers 403. */
    motDePasseTemporaire: boolean('mot_de_passe_temporaire').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('utilisateur_login_uq').on(t.login),
    uniqueIndex('utilisateur_uuid_uq').on(t.uuid),
  ],
);

/** A right (droit): the user acts on behalf of this ODG. Its id is the `X-Droit-Actif` value. */
export const droit = pgTable(
  'droit',
  {
    id: id(),
    utilisateurId: refRequise('utilisateur_id', () => utilisateur.id),
    organismeId: refRequise('organisme_id', () => organisme.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('droit_utilisateur_organisme_uq').on(t.utilisateurId, t.organismeId)],
);

/**
 * Refresh tokens, stored hashed. A rotation creates the next token of the same family; presenting
 * an already rotated token revokes the whole family (theft detection).
 */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: id(),
    utilisateurId: refRequise('utilisateur_id', () => utilisateur.id),
    family: uuid('family').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_token_hash_uq').on(t.tokenHash),
    index('refresh_token_family_idx').on(t.family),
  ],
);
