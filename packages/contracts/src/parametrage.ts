import { z } from 'zod';
import {
  GRAVITES,
  MESSAGES_VALIDATION as M,
  OPERATEURS_SEUIL,
  SOURCES_POINT,
  TYPES_REFERENTIEL,
} from '@estive/domain';
import { idParamSchema } from './annuaire';
import { idSchema, modification, texteSaisi } from './texte';

/**
 * Paramétrage (issue 16): campaigns, the control grid (categories, control points and their
 * thresholds per AOP-IGP, exploitation groups and lines) and reference documents.
 */

const libelle = (max = 200) => texteSaisi(max).trim().min(1, M.obligatoire);
const optionnel = (max: number) =>
  texteSaisi(max)
    .trim()
    .nullish()
    .transform((v) => (v ? v : null));
const jour = z.iso.date({ error: M.dateInvalide });

// ── Campaigns ───────────────────────────────────────────────────────────────────────────────
export const campagneSchema = z.object({
  id: z.string(),
  libelle: z.string(),
  debut: z.string(),
  fin: z.string(),
  courante: z.boolean(),
  /** Rounds that refer to it. */
  tournees: z.number().int(),
});
export type Campagne = z.infer<typeof campagneSchema>;
export const campagneEcritureSchema = z.object({
  libelle: libelle(100),
  debut: jour,
  fin: jour,
  courante: z.boolean().default(false),
});
export type CampagneEcriture = z.input<typeof campagneEcritureSchema>;
export const campagnePatchSchema = modification(
  z.object({
    libelle: libelle(100).optional(),
    debut: jour.optional(),
    fin: jour.optional(),
    courante: z.boolean().optional(),
  }),
);
export type CampagnePatch = z.input<typeof campagnePatchSchema>;

// ── Order (drag and drop) ───────────────────────────────────────────────────────────────────
/** The ids in their new order; `parentId` names the group (lines) or category (points). */
/** The answer of a reordering: how many lines moved. */
export const modifiesReponseSchema = z.object({ modifies: z.number().int() });
export const ordreSchema = z.object({
  ids: z.array(idSchema).min(1).max(2000),
  parentId: idSchema.optional(),
});
export type Ordre = z.input<typeof ordreSchema>;

// ── Categories and control points ──────────────────────────────────────────────────────────
export const categorieParametrageSchema = z.object({
  id: z.string(),
  libelle: z.string(),
  ordre: z.number().int(),
});
export const categorieEcritureSchema = z.object({ libelle: libelle(200) });

const seuilEcriture = z
  .object({ operateur: z.enum(OPERATEURS_SEUIL), valeur: z.number() })
  .nullable();
export const seuilsEcritureSchema = z.object({
  grave: seuilEcriture,
  majeur: seuilEcriture,
  mineur: seuilEcriture,
});
export type SeuilsEcriture = z.infer<typeof seuilsEcritureSchema>;

export const pointControleAopParametrageSchema = z.object({
  aopIgpId: z.string(),
  /** False when the point is switched off for this label (the link is kept, thresholds too). */
  actif: z.boolean(),
  seuil: seuilsEcritureSchema,
  gravite: z.enum(GRAVITES).nullable(),
  cible: z.string().nullable(),
  pointSystemeExploitationId: z.string().nullable(),
});
export const pointControleParametrageSchema = z.object({
  id: z.string(),
  code: z.string(),
  libelle: z.string(),
  reference: z.string().nullable(),
  source: z.enum(SOURCES_POINT),
  ordre: z.number().int(),
  categorieId: z.string(),
  archive: z.boolean(),
  /** A shortcoming or a link refers to it: it can be archived, not deleted. */
  utilise: z.boolean(),
  aops: z.array(pointControleAopParametrageSchema),
});
export type PointControleParametrage = z.infer<typeof pointControleParametrageSchema>;
export const grilleParametrageSchema = z.object({
  aopIgps: z.array(z.object({ id: z.string(), libelle: z.string() })),
  categories: z.array(categorieParametrageSchema),
  points: z.array(pointControleParametrageSchema),
});
export type GrilleParametrage = z.infer<typeof grilleParametrageSchema>;

export const pointControleEcritureSchema = z.object({
  code: libelle(20),
  libelle: libelle(500),
  /** The help text shown in the entry form's reference dialog. */
  reference: optionnel(4000),
  source: z.enum(SOURCES_POINT),
  categorieId: idSchema,
});
export const pointControlePatchSchema = modification(
  pointControleEcritureSchema.partial().extend({ archive: z.boolean().optional() }),
);
export type PointControlePatch = z.input<typeof pointControlePatchSchema>;
export const pointControleAopParamsSchema = z.object({
  id: idParamSchema,
  aopIgpId: idParamSchema,
});
export const pointControleAopEcritureSchema = z.object({
  actif: z.boolean().default(true),
  seuil: seuilsEcritureSchema,
  gravite: z.enum(GRAVITES).nullable().default(null),
  cible: optionnel(200),
  pointSystemeExploitationId: idSchema.nullable().default(null),
});
export type PointControleAopEcriture = z.input<typeof pointControleAopEcritureSchema>;

// ── Exploitation system ────────────────────────────────────────────────────────────────────
export const CODE_LIGNE = /^a[a-z0-9_]{1,19}$/i;
const codeLigne = texteSaisi(20)
  .trim()
  .regex(
    CODE_LIGNE,
    "Le code d'une ligne commence par « a » suivi de lettres ou de chiffres (a1, a12…)",
  );

export const pointSysExpParametrageSchema = z.object({
  id: z.string(),
  code: z.string(),
  libelle: z.string(),
  ordre: z.number().int(),
  formule: z.string().nullable(),
  unite: z.string().nullable(),
  dec: z.number().int(),
  archive: z.boolean(),
  utilise: z.boolean(),
});
export const groupeSysExpParametrageSchema = z.object({
  id: z.string(),
  libelle: z.string(),
  ordre: z.number().int(),
  aopIgpIds: z.array(z.string()),
  archive: z.boolean(),
  points: z.array(pointSysExpParametrageSchema),
});
export const systemeParametrageSchema = z.object({
  groupes: z.array(groupeSysExpParametrageSchema),
});
export type SystemeParametrage = z.infer<typeof systemeParametrageSchema>;
export type GroupeSysExpParametrage = z.infer<typeof groupeSysExpParametrageSchema>;

export const groupeSysExpEcritureSchema = z.object({
  libelle: libelle(200),
  aopIgpIds: z.array(idSchema).min(1, M.obligatoire).max(100),
});
export const groupeSysExpPatchSchema = modification(
  groupeSysExpEcritureSchema.partial().extend({ archive: z.boolean().optional() }),
);
export const pointSysExpEcritureSchema = z.object({
  groupeSystemeExploitationId: idSchema,
  code: codeLigne,
  libelle: libelle(500),
  formule: optionnel(1000),
  unite: optionnel(50),
  dec: z.number().int().min(0).max(6).default(0),
});
export type PointSysExpEcriture = z.input<typeof pointSysExpEcritureSchema>;
// `.partial()` keeps a default: without this `dec`, any change of a line reset its decimals to 0.
export const pointSysExpPatchSchema = modification(
  pointSysExpEcritureSchema.partial().extend({
    dec: z.number().int().min(0).max(6).optional(),
    archive: z.boolean().optional(),
  }),
);
export type PointSysExpPatch = z.input<typeof pointSysExpPatchSchema>;

// ── Reference documents (cahier des charges, plan d'inspection) ──────────────────────────────
export const referentielParametrageSchema = z.object({
  id: z.string(),
  aopIgpId: z.string(),
  aopIgp: z.string(),
  libelle: z.string(),
  typeDocument: z.enum(TYPES_REFERENTIEL).nullable(),
  versionDocument: z.string().nullable(),
  debutValidite: z.string().nullable(),
  finValidite: z.string().nullable(),
  actif: z.boolean(),
  fichier: z.object({ id: z.string(), fileName: z.string(), taille: z.number().int() }).nullable(),
});
export type ReferentielParametrage = z.infer<typeof referentielParametrageSchema>;
export const referentielEcritureSchema = z.object({
  aopIgpId: idSchema,
  libelle: libelle(200),
  typeDocument: z.enum(TYPES_REFERENTIEL),
  versionDocument: optionnel(50),
  debutValidite: jour.nullish().transform((v) => v ?? null),
  finValidite: jour.nullish().transform((v) => v ?? null),
  actif: z.boolean().default(true),
});
export type ReferentielEcriture = z.input<typeof referentielEcritureSchema>;
export const referentielPatchSchema = modification(
  z.object({
    libelle: libelle(200).optional(),
    typeDocument: z.enum(TYPES_REFERENTIEL).optional(),
    versionDocument: optionnel(50).optional(),
    debutValidite: jour.nullable().optional(),
    finValidite: jour.nullable().optional(),
    actif: z.boolean().optional(),
  }),
);
export type ReferentielPatch = z.input<typeof referentielPatchSchema>;
