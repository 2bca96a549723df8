import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Civilite, StatutHabilitation } from '@estive/domain';
import { id, ref, syncColumns, timestamps, refRequise } from './columns';
import { organisme, personnePhysique } from './organisations';
import { activite, aopIgp } from './referentiel';

/** Operator (personne morale): a farm, a dairy, a maturer. Synchronised as annuaire-morale. */
export const personneMorale = pgTable(
  'personne_morale',
  {
    id: id(),
    type: text('type'),
    siret: text('siret').notNull(),
    ede: text('ede'),
    pacage: text('pacage'),
    raisonSociale: text('raison_sociale').notNull(),
    nom: text('nom'),
    adresse1: text('adresse1'),
    adresse2: text('adresse2'),
    adresse3: text('adresse3'),
    adresse4: text('adresse4'),
    codePostal: text('code_postal'),
    ville: text('ville'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    telephone1: text('telephone1'),
    telephone2: text('telephone2'),
    mail: text('mail'),
    siteWeb: text('site_web'),
    /**
     * Accent- and case-blind text the operator search matches (docs/architecture.md §1 Search):
     * raison sociale, name, SIRET without spaces, postcode, town, e-mail, EDE, PACAGE.
     * `estive_normalise` is the immutable unaccent + lower wrapper of migration 0007.
     */
    recherche: text('recherche')
      .notNull()
      .generatedAlwaysAs(
        sql`estive_normalise(raison_sociale || ' ' || coalesce(nom, '') || ' ' || replace(siret, ' ', '') || ' ' || coalesce(code_postal, '') || ' ' || coalesce(ville, '') || ' ' || coalesce(mail, '') || ' ' || coalesce(ede, '') || ' ' || coalesce(pacage, ''))`,
      ),
    /**
     * The ODGs whose labels the operator holds a habilitation on: its perimeters, kept by the
     * triggers of migration 0009 so a search filters them with an index, not a join per row.
     */
    odgIds: ref('odg_ids').array().notNull().default([]),
    /** Holds a validated habilitation (any label), kept with `odgIds` (migration 0022). */
    habilite: boolean('habilite').notNull().default(false),
    /**
     * The ODG whose office created the operator (migration 0027): it owns the operator while no
     * ODG holds a habilitation on it; null (created before) leaves it to CNAOL alone.
     */
    odgCreateurId: ref('odg_createur_id').references(() => organisme.id),
    ...syncColumns,
  },
  (t) => [
    uniqueIndex('personne_morale_siret_uq').on(t.siret),
    index('personne_morale_odg_ids_idx').using('gin', t.odgIds),
    index('personne_morale_recherche_trgm').using('gin', sql`${t.recherche} gin_trgm_ops`),
    // Pages sorted by raison sociale without a filter read this index in order.
    index('personne_morale_raison_sociale_idx').on(t.raisonSociale, t.id),
  ],
);

/**
 * The operator search's word index (docs/architecture.md §1 Search, docs/decisions.md 'Operator
 * search'): one row per word of each searched field, per perimeter (`odg_id` 0: no habilitation
 * yet), and one row with the empty word per perimeter for unfiltered lists. Kept by the triggers of
 * migration 0021, never written by application code. A search reads it alone (index-only:
 * perimeter, word prefix, raison sociale), so counting a thousand matches does not visit a thousand
 * operator rows.
 */
export const operateurMot = pgTable(
  'operateur_mot',
  {
    personneMoraleId: ref('personne_morale_id').notNull(),
    odgId: ref('odg_id').notNull(),
    /** rs (raison sociale), nom, siret, cp, ville, mail, ede, pac; '' on the empty word's row. */
    champ: text('champ').notNull(),
    mot: text('mot').notNull(),
    raisonSociale: text('raison_sociale').notNull(),
    /** The operator's `habilite`, on each of its rows: the directory's filter reads it here. */
    habilite: boolean('habilite').notNull().default(false),
    /** The operator's sort keys, on the empty word's rows only (migration 0023); null elsewhere. */
    siret: text('siret'),
    codePostal: text('code_postal'),
    ville: text('ville'),
    mail: text('mail'),
    ede: text('ede'),
  },
  (t) => [
    primaryKey({ columns: [t.personneMoraleId, t.odgId, t.champ, t.mot] }),
    index('operateur_mot_recherche_idx').on(
      t.odgId,
      t.mot.op('text_pattern_ops'),
      t.champ,
      t.raisonSociale,
      t.personneMoraleId,
      t.habilite,
    ),
    // A perimeter walked in the order of its sort, and stopped at the page (index-only).
    index('operateur_mot_tri_raison_sociale_idx')
      .on(t.odgId, t.raisonSociale, t.personneMoraleId, t.habilite)
      .where(sql`${t.mot} = ''`),
    ...Object.entries({
      siret: t.siret,
      code_postal: t.codePostal,
      ville: t.ville,
      mail: t.mail,
      ede: t.ede,
    }).map(([nom, cle]) =>
      index(`operateur_mot_tri_${nom}_idx`)
        .on(t.odgId, cle, t.raisonSociale, t.personneMoraleId, t.habilite)
        .where(sql`${t.mot} = ''`),
    ),
  ],
);

export const site = pgTable(
  'site',
  {
    id: id(),
    personneMoraleId: refRequise('personne_morale_id', () => personneMorale.id),
    libelle: text('libelle').notNull(),
    ede: text('ede'),
    siege: boolean('siege').notNull().default(false),
    adresse1: text('adresse1'),
    adresse2: text('adresse2'),
    adresse3: text('adresse3'),
    codePostal: text('code_postal'),
    ville: text('ville'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Usage period as MM-DD (a day and month, recurring every year). */
    debutUtilisation: text('debut_utilisation'),
    finUtilisation: text('fin_utilisation'),
    telephone: text('telephone'),
    mail: text('mail'),
    aopIds: ref('aop_ids').array().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('site_personne_morale_idx').on(t.personneMoraleId)],
);

export const contact = pgTable(
  'contact',
  {
    id: id(),
    personneMoraleId: refRequise('personne_morale_id', () => personneMorale.id),
    civilite: text('civilite').$type<Civilite>(),
    nom: text('nom').notNull(),
    prenom: text('prenom'),
    telephone1: text('telephone1'),
    telephone2: text('telephone2'),
    mail: text('mail'),
    fonction: text('fonction'),
    /** The natural person this contact is, when one was reused (migration 0029). */
    personnePhysiqueId: ref('personne_physique_id').references(() => personnePhysique.id),
    ...timestamps,
  },
  (t) => [
    index('contact_personne_morale_idx').on(t.personneMoraleId),
    index('contact_personne_physique_idx').on(t.personnePhysiqueId),
  ],
);

export const habilitation = pgTable(
  'habilitation',
  {
    id: id(),
    personneMoraleId: refRequise('personne_morale_id', () => personneMorale.id),
    aopIgpId: refRequise('aop_igp_id', () => aopIgp.id),
    activiteId: refRequise('activite_id', () => activite.id),
    statut: text('statut').$type<StatutHabilitation>().notNull(),
    /** Reception date of the identification declaration (DI). */
    dateDi: date('date_di'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('habilitation_uq').on(t.personneMoraleId, t.aopIgpId, t.activiteId),
    index('habilitation_aop_idx').on(t.aopIgpId, t.personneMoraleId),
  ],
);

export const groupe = pgTable('groupe', {
  id: id(),
  libelle: text('libelle').notNull(),
  odgId: refRequise('odg_id', () => organisme.id),
  ...timestamps,
});

export const groupeMembre = pgTable(
  'groupe_membre',
  {
    id: id(),
    groupeId: refRequise('groupe_id', () => groupe.id),
    personneMoraleId: refRequise('personne_morale_id', () => personneMorale.id),
  },
  (t) => [uniqueIndex('groupe_membre_uq').on(t.groupeId, t.personneMoraleId)],
);
