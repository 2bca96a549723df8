import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';
import { idSchema, idsQuerySchema, texteSaisi } from './texte';
import { idParamSchema } from './annuaire';
import { champsIdentiteOperateur } from './operateur-court';

const booleenQuery = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);

/**
 * Operator search (spec part 1 §7 'Search operators'): accent- and case-blind, SIRET with or
 * without spaces. `q` searches every field at once; the named filters narrow one field each.
 * `exclus` leaves out operators already chosen (the basket popup's excluded ids).
 */
export const operateurRechercheQuerySchema = pageQuerySchema.extend({
  q: texteSaisi().optional(),
  raisonSociale: texteSaisi().optional(),
  siret: texteSaisi(40).optional(),
  codePostal: texteSaisi(20).optional(),
  ville: texteSaisi().optional(),
  mail: texteSaisi().optional(),
  isHabilite: booleenQuery.optional(),
  aops: idsQuerySchema.optional(),
  profils: idsQuerySchema.optional(),
  exclus: idsQuerySchema.optional(),
});
export type OperateurRechercheQuery = z.infer<typeof operateurRechercheQuerySchema>;

/** A search row (spec part 1 §3 'Operator search row'); aops and profils are the perimeter's. */
export const operateurLigneSchema = z.object({
  id: z.string(),
  ...champsIdentiteOperateur,
  mail: z.string().nullable(),
  isHabilite: z.boolean(),
  aops: z.array(z.object({ id: z.string(), libelle: z.string() })),
  profils: z.array(z.object({ id: z.string(), libelle: z.string() })),
});
export type OperateurLigne = z.infer<typeof operateurLigneSchema>;
export const operateurPageSchema = pageSchema(operateurLigneSchema);
export type OperateurPage = z.infer<typeof operateurPageSchema>;

/** `POST /api/panier`: adds several operators of the perimeter to its basket. */
export const panierAjoutRequestSchema = z.object({
  personneMoraleIds: z.array(idSchema).min(1).max(500),
});
export type PanierAjoutRequest = z.infer<typeof panierAjoutRequestSchema>;
export const panierAjoutResponseSchema = z.object({ ajoutes: z.number().int() });
export const panierTailleSchema = z.object({ taille: z.number().int() });
export const personneMoraleParamsSchema = z.object({ personneMoraleId: idParamSchema });

/**
 * `GET /api/panier/informations?ids=`: what the wizard needs to prepare an operator's controls
 * (spec part 1 §7 'get operator info'): its sites (with the labels they serve, `siege` for the
 * headquarters), per appellation of the perimeter it is habilitated on the activities
 * (`activiteAopIgpIds` ids) and its documents (DI, audit reports) to preselect.
 */
export const panierInformationsQuerySchema = z.object({
  ids: idsQuerySchema.pipe(z.array(idSchema).min(1).max(200)),
});
export const operateurInformationsSchema = z.object({
  ...champsIdentiteOperateur,
  sites: z.array(
    z.object({
      id: z.string(),
      libelle: z.string(),
      siege: z.boolean(),
      codePostal: z.string().nullable(),
      ville: z.string().nullable(),
      aopIds: z.array(z.string()),
    }),
  ),
  appellations: z.array(
    z.object({
      aopIgp: z.object({ id: z.string(), libelle: z.string() }),
      activites: z.array(z.object({ id: z.string(), libelle: z.string() })),
    }),
  ),
  documents: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      typeDocument: z.string(),
      dateCreation: z.string(),
    }),
  ),
});
export type OperateurInformations = z.infer<typeof operateurInformationsSchema>;
export const panierInformationsResponseSchema = z.object({
  informations: z.array(
    z.object({ personneMoraleId: z.string(), informations: operateurInformationsSchema }),
  ),
});
export type PanierInformationsResponse = z.infer<typeof panierInformationsResponseSchema>;
