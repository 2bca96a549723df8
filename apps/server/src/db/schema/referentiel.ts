import { boolean, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Gravite, OperateurSeuil, SourcePoint, TypeAopIgp } from '@estive/domain';
import { id, ref, syncColumns, timestamps, refRequise } from './columns';
import { organisme } from './organisations';

export const aopIgp = pgTable('aop_igp', {
  id: id(),
  libelle: text('libelle').notNull(),
  type: text('type').$type<TypeAopIgp>().notNull(),
  /** Labels migrated from the former system grade shortcomings by threshold (SEUIL_1..3). */
  migre: boolean('migre').notNull().default(false),
  /** The ODG that manages the label: it defines the label's perimeter. */
  odgId: refRequise('odg_id', () => organisme.id),
  logoFichierId: ref('logo_fichier_id'),
  graviteColLabel: text('gravite_col_label').notNull().default('Gravité'),
  ...timestamps,
});

export const activite = pgTable('activite', {
  id: id(),
  libelle: text('libelle').notNull(),
  ...timestamps,
});

export const activiteAop = pgTable('activite_aop', {
  id: id(),
  aopIgpId: refRequise('aop_igp_id', () => aopIgp.id),
  activiteId: refRequise('activite_id', () => activite.id),
  ...syncColumns,
});

export const categorie = pgTable('categorie', {
  id: id(),
  libelle: text('libelle').notNull(),
  ordre: integer('ordre').notNull(),
  ...syncColumns,
});

export const categorieActivite = pgTable('categorie_activite', {
  id: id(),
  categorieId: refRequise('categorie_id', () => categorie.id),
  activiteId: refRequise('activite_id', () => activite.id),
  /** The ODG whose matrix this row belongs to. */
  personneMoraleId: refRequise('organisme_id', () => organisme.id),
  ...syncColumns,
});

export const pointControle = pgTable(
  'point_controle',
  {
    id: id(),
    code: text('code').notNull(),
    libelle: text('libelle').notNull(),
    reference: text('reference'),
    source: text('source').$type<SourcePoint>().notNull(),
    ordre: integer('ordre').notNull(),
    categorieId: refRequise('categorie_id', () => categorie.id),
    archive: boolean('archive').notNull().default(false),
    ...syncColumns,
  },
  (t) => [index('point_controle_categorie_idx').on(t.categorieId)],
);

export interface SeuilPoint {
  operateur: OperateurSeuil;
  valeur: number;
}
export interface SeuilsPoint {
  grave: SeuilPoint | null;
  majeur: SeuilPoint | null;
  mineur: SeuilPoint | null;
}

export const groupeSysExp = pgTable('groupe_sys_exp', {
  id: id(),
  libelle: text('libelle').notNull(),
  ordre: integer('ordre').notNull(),
  aopIgpIds: ref('aop_igp_ids').array().notNull().default([]),
  odgId: refRequise('odg_id', () => organisme.id),
  archive: boolean('archive').notNull().default(false),
  ...syncColumns,
});

export const pointSysExp = pgTable('point_sys_exp', {
  id: id(),
  code: text('code').notNull(),
  libelle: text('libelle').notNull(),
  ordre: integer('ordre').notNull(),
  /** Arithmetic over other points' codes (a1, a2…); null for a value typed by the controller. */
  formule: text('formule'),
  unite: text('unite'),
  dec: integer('dec').notNull().default(0),
  stat: boolean('stat').notNull().default(false),
  groupeSystemeExploitationId: refRequise('groupe_sys_exp_id', () => groupeSysExp.id),
  archive: boolean('archive').notNull().default(false),
  ...syncColumns,
});

/** A control point as applied to one AOP-IGP, with its thresholds. */
export const pointControleAop = pgTable(
  'point_controle_aop',
  {
    id: id(),
    pointControleId: refRequise('point_controle_id', () => pointControle.id),
    aopIgpId: refRequise('aop_igp_id', () => aopIgp.id),
    pointSystemeExploitationId: ref('point_sys_exp_id').references(() => pointSysExp.id),
    cible: text('cible'),
    habilitation: boolean('habilitation').notNull().default(false),
    gravite: text('gravite').$type<Gravite>(),
    seuil: jsonb('seuil').$type<SeuilsPoint>().notNull(),
    varStat: text('var_stat'),
    ...syncColumns,
  },
  (t) => [index('point_controle_aop_aop_idx').on(t.aopIgpId)],
);

export const referentiel = pgTable('referentiel', {
  id: id(),
  aopIgpId: refRequise('aop_igp_id', () => aopIgp.id),
  libelle: text('libelle').notNull(),
  actif: boolean('actif').notNull().default(true),
  /** Reference document: CAHIER_DES_CHARGES or PLAN_INSPECTION (null for rows of older data). */
  typeDocument: text('type_document'),
  versionDocument: text('version_document'),
  debutValidite: date('debut_validite'),
  finValidite: date('fin_validite'),
  fichierId: ref('fichier_id'),
  ...syncColumns,
});
