import { z } from 'zod';
import { texteSur } from './texte';
import { ETATS_MANQUEMENT, NIVEAUX_CONTROLE, RESULTATS_CONTROLE, SEVERITES } from '@estive/domain';

/**
 * External deposit (spec part 1 §2 'Depot controle externe', part 2 §3 and §5): controls done by
 * another body, recorded by the office. The body stays loose (nullable fields) so that the
 * service answers every missing value at once with the spec's messages as field errors
 * (`controles[i].date`, `controles[i].manquements`…).
 */
const id = z.union([z.string().min(1).max(20), z.number().int().nonnegative()]).transform(String);
const texte = (max: number) => texteSur(max).nullable().optional();
const jour = z.iso.date().nullable().optional();

const suivi = z
  .object({ mesure: texte(4000), delai: texte(100), date: jour })
  .nullable()
  .optional();

const ligneManquement = {
  key: z.string().max(60).optional(),
  valeur: texte(200),
  etat: z.enum(ETATS_MANQUEMENT).nullable().optional(),
  gravite: z.enum(SEVERITES).nullable().optional(),
  correctives: suivi,
  correctrices: suivi,
};

export const depotManquementNouveauSchema = z.object({
  ...ligneManquement,
  pointId: id.nullable().optional(),
});
export const depotManquementExistantSchema = z.object({
  ...ligneManquement,
  manquementId: id.nullable().optional(),
});

export const depotControleSchema = z.object({
  key: z.string().max(60).optional(),
  aopIgpId: id.nullable().optional(),
  niveau: z.enum(NIVEAUX_CONTROLE).nullable().optional(),
  /** ISO instant; judged in Europe/Paris (never a Sunday). */
  date: z.iso.datetime({ offset: true }).nullable().optional(),
  resultat: z.enum(RESULTATS_CONTROLE).nullable().optional(),
  observation: texte(4000),
  operateurId: id.nullable().optional(),
  auditeurId: id.nullable().optional(),
  manquements: z.array(depotManquementNouveauSchema).max(200).default([]),
  manquementsExistant: z.array(depotManquementExistantSchema).max(200).default([]),
});
export type DepotControle = z.input<typeof depotControleSchema>;

export const depotExterneRequestSchema = z.object({
  controles: z.array(depotControleSchema).min(1).max(200),
});
export type DepotExterneRequest = z.input<typeof depotExterneRequestSchema>;

export const depotExterneResponseSchema = z.object({ ids: z.array(z.string()) });
export type DepotExterneResponse = z.infer<typeof depotExterneResponseSchema>;

/** `GET /api/controle/depotExterne/odg/{id}`: what the deposit form needs for the ODG. */
export const depotExterneOdgSchema = z.object({
  odgId: z.string(),
  raisonSociale: z.string(),
  aopIgps: z.array(z.object({ id: z.string(), libelle: z.string(), migre: z.boolean() })),
});
export type DepotExterneOdg = z.infer<typeof depotExterneOdgSchema>;

/** Autocompletes of the deposit form: text plus the chosen AOP-IGP (500 ms debounce client side). */
export const rechercheAopQuerySchema = z.object({
  aopIgpId: z.string().regex(/^\d{1,15}$/),
  q: texteSur(100).trim().default(''),
  personneMoraleId: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});
/** `GET /api/controle/depotExterne/manquements`: the operator is required there. */
export const manquementsExistantsQuerySchema = rechercheAopQuerySchema.extend({
  personneMoraleId: z.string().regex(/^\d{1,15}$/),
});

export const operateurSuggestionSchema = z.object({
  id: z.string(),
  raisonSociale: z.string(),
  siret: z.string(),
  ville: z.string().nullable(),
});
export const auditeurSuggestionSchema = z.object({
  id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  personneMorale: z.string().nullable(),
});
export const pointSuggestionSchema = z.object({
  id: z.string(),
  code: z.string(),
  libelle: z.string(),
});
export const manquementExistantSuggestionSchema = z.object({
  id: z.string(),
  codePoint: z.string(),
  libellePoint: z.string(),
  etat: z.enum(ETATS_MANQUEMENT),
  seuil: z.enum(SEVERITES).nullable(),
  valeur: z.string().nullable(),
  date: z.string(),
});
export type OperateurSuggestion = z.infer<typeof operateurSuggestionSchema>;
export type AuditeurSuggestion = z.infer<typeof auditeurSuggestionSchema>;
export type PointSuggestion = z.infer<typeof pointSuggestionSchema>;
export type ManquementExistantSuggestion = z.infer<typeof manquementExistantSuggestionSchema>;
