/**
 * The control grid (spec part 2 §3 'Grid (grille)' and 'Shortcoming in the grid'): zod schemas
 * and the types derived from them, so that the device, the server and the report read one shape.
 * Nullable fields default to null and lists to [] when parsing, so a grid stored by an older
 * build still parses; the derived types (parse output) always carry every field.
 */
import { z } from 'zod';
import { CONFORMITES, OPERATEURS_SEUIL, SEVERITES, SOURCES_POINT } from '../enums';

const texte = () => z.string().nullable().default(null);

export const severiteSchema = z.enum(SEVERITES);

/** One threshold: the value matches it when `valeur <operateur> seuil.valeur` holds. */
export const seuilPointSchema = z.object({
  operateur: z.enum(OPERATEURS_SEUIL),
  valeur: z.number(),
});

export const seuilsPointSchema = z.object({
  grave: seuilPointSchema.nullable().default(null),
  majeur: seuilPointSchema.nullable().default(null),
  mineur: seuilPointSchema.nullable().default(null),
});

/** What the controller enters for one point and one AOP-IGP. */
export const saisiePointSchema = z.object({
  observation: texte(),
  /** As typed (decimal comma allowed), or the linked exploitation line's value. */
  valeur: texte(),
  conformite: z.enum(CONFORMITES).nullable().default(null),
  /** GRAVE/MAJEUR/MINEUR, or SEUIL_3/2/1 for a migrated AOP-IGP. */
  gravite: severiteSchema.nullable().default(null),
});

/** The entry of a control point for one AOP-IGP of the visit. */
export const saisieAopSchema = z.object({
  aopIgpId: z.string(),
  aopIgpLibelle: z.string(),
  /** A label migrated from the former system grades by threshold (SEUIL_1..3). */
  migre: z.boolean().default(false),
  /** The linked exploitation line (pointSystemeExploitationId of the reference data). */
  exploitationId: texte(),
  exploitationCode: texte(),
  /** True while the grid holds a manquement for this point and AOP-IGP (kept by the engine). */
  hasManquement: z.boolean().default(false),
  saisie: saisiePointSchema.prefault({}),
  seuil: seuilsPointSchema.prefault({}),
});

export const pointGrilleSchema = z.object({
  id: z.string(),
  code: z.string(),
  ordre: z.number(),
  libelle: z.string(),
  reference: texte(),
  /** CONSTAT: observation only, never auto-evaluated, no value required. */
  source: z.enum(SOURCES_POINT),
  aops: z.array(saisieAopSchema).default([]),
});

export const aopIgpRefSchema = z.object({ id: z.string(), libelle: z.string() });

export const categorieGrilleSchema = z.object({
  id: z.string(),
  libelle: z.string(),
  ordre: z.number(),
  points: z.array(pointGrilleSchema).default([]),
  aopIgps: z.array(aopIgpRefSchema).default([]),
});

/** A declared value (extranet mode): the operator's own figure, shown with a badge. */
export const declaratifSchema = z.object({
  libelle: texte(),
  debutPeriode: texte(),
  finPeriode: texte(),
  saisie: texte(),
});

/** A line of the exploitation system: entered, or computed by its formula. */
export const pointSysExpSchema = z.object({
  id: z.string(),
  code: z.string(),
  libelle: z.string(),
  formule: texte(),
  /** As typed (integer, decimal, dd/mm/yyyy date) or as computed (French decimal comma). */
  valeur: texte(),
  unite: texte(),
  dec: z.number().int().min(0).nullable().default(0),
  declaratif: declaratifSchema.nullable().default(null),
});

export const groupeSysExpSchema = z.object({
  id: z.string(),
  libelle: z.string(),
  ignore: z.boolean().default(false),
  points: z.array(pointSysExpSchema).default([]),
});

/** A corrective (or correcting) measure of the progress plan. */
export const mesureSchema = z.object({ mesure: texte(), delai: texte(), date: texte() });

export const saisieManquementSchema = z.object({
  informationsAuditeur: texte(),
  informationsAudite: texte(),
  /** One measure of each kind per manquement, as the progress-plan form and the report show it. */
  correctives: mesureSchema.prefault({}),
  correctrices: mesureSchema.prefault({}),
});

export const manquementGrilleSchema = z.object({
  /** Point code + AOP-IGP id: one manquement per point and label (see `cleManquement`). */
  key: z.string(),
  pointControleId: z.string(),
  pointControleCode: z.string(),
  libelle: z.string(),
  reference: texte(),
  aopIgp: aopIgpRefSchema,
  /** The severity (spec field name 'seuil'). */
  seuil: severiteSchema.nullable().default(null),
  valeur: texte(),
  /** The category's libelle, as the progress-plan table shows it. */
  categorie: texte(),
  saisie: saisieManquementSchema.prefault({}),
});

export const grilleSchema = z.object({
  categories: z.array(categorieGrilleSchema).default([]),
  groupesSysExploitation: z.array(groupeSysExpSchema).default([]),
  manquements: z.array(manquementGrilleSchema).default([]),
});

export type SeuilPoint = z.output<typeof seuilPointSchema>;
export type SeuilsPoint = z.output<typeof seuilsPointSchema>;
export type SaisiePoint = z.output<typeof saisiePointSchema>;
export type SaisieAop = z.output<typeof saisieAopSchema>;
export type PointGrille = z.output<typeof pointGrilleSchema>;
export type AopIgpRef = z.output<typeof aopIgpRefSchema>;
export type CategorieGrille = z.output<typeof categorieGrilleSchema>;
export type Declaratif = z.output<typeof declaratifSchema>;
export type PointSysExp = z.output<typeof pointSysExpSchema>;
export type GroupeSysExp = z.output<typeof groupeSysExpSchema>;
export type Mesure = z.output<typeof mesureSchema>;
export type SaisieManquement = z.output<typeof saisieManquementSchema>;
export type ManquementGrille = z.output<typeof manquementGrilleSchema>;
export type Grille = z.output<typeof grilleSchema>;
/** A grid as it may arrive (missing fields take their defaults when parsed). */
export type GrilleEntree = z.input<typeof grilleSchema>;

/** Designates one entry of the grid: a control point for one AOP-IGP. */
export interface ClePoint {
  pointId: string;
  aopIgpId: string;
}

/** The manquement key of the spec: point code plus AOP-IGP id. */
export const cleManquement = (pointCode: string, aopIgpId: string) => `${pointCode}-${aopIgpId}`;
