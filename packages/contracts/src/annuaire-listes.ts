import { z } from 'zod';
import { CIVILITES, schemasValidation as V, STATUTS_HABILITATION } from '@estive/domain';
import { idParamSchema } from './annuaire';
import {
  filtreTexteSchema,
  pageQuerySchema,
  pageSchema,
  pageTriQuerySchema,
  sansControle,
  triSchema,
} from './paging';
import { modification } from './texte';

/** The directory's answers that had no contract yet (the routes declared them inline). */
const refSchema = z.object({ id: z.string(), libelle: z.string() });

/** A group of operators of the ODG (`/api/groupe`). */
export const groupeLigneSchema = z.object({
  id: z.string(),
  libelle: z.string(),
  nbMembres: z.number().int(),
});
export type GroupeLigne = z.infer<typeof groupeLigneSchema>;
export const groupePageSchema = pageSchema(groupeLigneSchema);
export const groupeEcritureSchema = z.object({ libelle: V.obligatoire.pipe(z.string().max(200)) });
export const groupeMembreSchema = z.object({ personneMoraleId: idParamSchema });

/** A natural person: a line of `/api/personne-physique` and its card (`/api/fiche/physique/:id`). */
export const personnePhysiqueSchema = z.object({
  id: z.string(),
  civilite: z.string().nullable(),
  nom: z.string(),
  prenom: z.string(),
  mail: z.string().nullable(),
  telephone: z.string().nullable(),
  organisme: z.string().nullable(),
  anonymise: z.boolean(),
  roles: z.string(),
});
export type PersonnePhysique = z.infer<typeof personnePhysiqueSchema>;
export const personnePhysiquePageSchema = pageSchema(personnePhysiqueSchema);
/** Empty or blank text is no value. */
const vide = (t: z.ZodType<string | null | undefined>) =>
  t.transform((v) => (v?.trim() ? v.trim() : null));
/** `POST /api/personne-physique` (and its PATCH, every field optional). */
export const personnePhysiqueEcritureSchema = z.object({
  civilite: z
    .enum(CIVILITES)
    .nullish()
    .transform((v) => v ?? null),
  nom: V.obligatoire.pipe(z.string().max(100)),
  prenom: V.obligatoire.pipe(z.string().max(100)),
  mail: vide(V.email.pipe(z.string().max(200).nullish())),
  telephone: vide(V.telephone),
});
export const personnePhysiquePatchSchema = modification(personnePhysiqueEcritureSchema.partial());

/** A habilitation of an operator for a label and an activity (`/api/habilitation`). */
export const habilitationLigneSchema = z.object({
  id: z.string(),
  personneMoraleId: z.string(),
  raisonSociale: z.string(),
  siret: z.string(),
  aopIgp: refSchema,
  activite: refSchema,
  statut: z.enum(STATUTS_HABILITATION),
  dateDi: z.string().nullable(),
});
export type HabilitationLigne = z.infer<typeof habilitationLigneSchema>;
export const habilitationPageSchema = pageSchema(habilitationLigneSchema);
export const habilitationFicheSchema = habilitationLigneSchema.extend({
  fichiers: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      typeDocument: z.string(),
      dateCreation: z.string(),
    }),
  ),
});

/** The activities each label of the ODG offers (`/api/activiteAopIgp`). */
export const activitesAopIgpSchema = z.array(
  z.object({ aopIgpId: z.string(), id: z.string(), libelle: z.string() }),
);

/** The directory's queries and paths that the routes declared inline. */
const libelle = z.string().max(200).optional();
export const groupeQuerySchema = pageQuerySchema.extend({ libelle });
export const groupeExportQuerySchema = z.object({ libelle });
export const membrePossibleQuerySchema = z.object({ q: z.string().max(100).default('') });
export const groupeMembreParamsSchema = z.object({
  id: idParamSchema,
  personneMoraleId: idParamSchema,
});
/** Who a line of the natural persons' list is: a person of the ODG, or an operator's contact. */
export const TYPES_PERSONNE = ['PERSONNE', 'CONTACT'] as const;
/**
 * The natural persons' list (spec part 1 §2 'recherche', tab 'Personnes physiques'): the people of
 * the ODG (employees, accounts) and the contacts of the perimeter's operators, one line per
 * contact identity with every operator it is a contact of (docs/decisions.md 'Natural persons').
 */
export const personnePhysiqueLigneSchema = personnePhysiqueSchema.extend({
  /** A person's id (its fiche), null for a contact: it opens its operators' fiches. */
  id: z.string().nullable(),
  /** Unique in the list: 'P' and the person's id, 'C' and its first contact row's id. */
  cle: z.string(),
  type: z.enum(TYPES_PERSONNE),
  fonctions: z.array(z.string()),
  operateurs: z.array(z.object({ id: z.string(), raisonSociale: z.string() })),
});
export type PersonnePhysiqueLigne = z.infer<typeof personnePhysiqueLigneSchema>;
export const personnePhysiqueListeSchema = pageSchema(personnePhysiqueLigneSchema);
export const personnePhysiqueRechercheSchema = pageTriQuerySchema
  .extend({
    nom: filtreTexteSchema,
    prenom: filtreTexteSchema,
    mail: filtreTexteSchema,
    /** A contact's operator: words of its raison sociale or its SIRET. */
    operateur: filtreTexteSchema,
    fonction: filtreTexteSchema,
    /** A contact's operator's town or postcode; a person's organisation's. */
    commune: filtreTexteSchema,
    type: z.enum(TYPES_PERSONNE).optional(),
  })
  .strict();
export const contactPhysiqueQuerySchema = z.object({
  q: z.string().max(100).transform(sansControle),
});
export const communeQuerySchema = z.object({ q: z.string().max(100) });

/** One value or a repeated key (`aop=1&aop=2`): always a list, up to 50. */
const liste = <T extends z.ZodType>(t: T) =>
  z
    .union([t, z.array(t).max(50)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
/** Filters of the habilitations' search and of their export. */
export const habilitationFiltresSchema = z.object({
  personneMorale: idParamSchema.optional(),
  aop: liste(idParamSchema),
  activite: liste(idParamSchema),
  statut: liste(z.enum(STATUTS_HABILITATION)),
  raisonSociale: z.string().max(200).optional(),
});
export const habilitationRechercheSchema = pageTriQuerySchema.extend(
  habilitationFiltresSchema.shape,
);
export const habilitationExportQuerySchema = habilitationFiltresSchema.extend({ sort: triSchema });
