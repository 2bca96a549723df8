import { z } from 'zod';
import {
  CIVILITES,
  ETATS_MANQUEMENT,
  MESSAGES_VALIDATION as M,
  RESULTATS_CONTROLE,
  schemasValidation as V,
  STATUTS_CONTROLE,
  STATUTS_HABILITATION,
} from '@estive/domain';
import { fichierResumeSchema } from './synchro-documents';
import {
  filtreTexteSchema,
  pageSchema,
  pageTriQuerySchema,
  sansControle,
  triSchema,
} from './paging';
import { operateurCourtSchema } from './operateur-court';
import { idNombre, modification } from './texte';

/** A database id in a path or a query: digits only (`1e3` is refused), within bigint. */
export const idParamSchema = idNombre();
export const idParamsSchema = z.object({ id: idParamSchema });
const ids = z
  .union([idParamSchema, z.array(idParamSchema).max(50)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
const booleen = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));
const statuts = z
  .union([z.enum(STATUTS_HABILITATION), z.array(z.enum(STATUTS_HABILITATION)).max(3)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** Operator search filters (spec part 2 §7): all optional, combined with AND. */
export const personneMoraleFiltresSchema = z.object({
  raisonSociale: filtreTexteSchema,
  siret: filtreTexteSchema,
  ede: filtreTexteSchema,
  pac: filtreTexteSchema,
  codePostal: filtreTexteSchema,
  ville: filtreTexteSchema,
  mail: filtreTexteSchema,
  isHabilite: booleen,
  aop: ids,
  activite: ids,
  statut: statuts,
  groupe: ids,
});
export type PersonneMoraleFiltres = z.infer<typeof personneMoraleFiltresSchema>;
export const personneMoraleRechercheSchema = pageTriQuerySchema.extend(
  personneMoraleFiltresSchema.shape,
);
export const personneMoraleExportQuerySchema = personneMoraleFiltresSchema.extend({
  sort: triSchema,
});

export const personneMoraleLigneSchema = z.object({
  id: z.string(),
  raisonSociale: z.string(),
  siret: z.string(),
  ede: z.string().nullable(),
  pac: z.string().nullable(),
  codePostal: z.string().nullable(),
  ville: z.string().nullable(),
  mail: z.string().nullable(),
  telephone1: z.string().nullable(),
  isHabilite: z.boolean(),
  aops: z.string(),
});
export type PersonneMoraleLigne = z.infer<typeof personneMoraleLigneSchema>;
export const personneMoralePageSchema = pageSchema(personneMoraleLigneSchema);

export const texteRechercheSchema = z.object({
  q: z.string().max(100).transform(sansControle),
  aop: idParamSchema.optional(),
});
export const operateursCourtsSchema = z.array(operateurCourtSchema);

/**
 * Duplicate check before a creation: by SIRET across every perimeter (SIRET is national and
 * public), by EDE inside the active perimeter only (docs/decisions.md 'An operator that exists
 * under another ODG').
 */
export const existantQuerySchema = z
  .object({
    siret: z.string().max(20).optional(),
    ede: z.string().max(20).optional(),
  })
  .strict();

/** One operator found by the duplicate check. */
export const operateurExistantSchema = z.object({
  /** Inside the active perimeter: the operator in short, its fiche opens. Outside: null. */
  operateur: operateurCourtSchema.nullable(),
  /** Who holds it: the ODGs of its habilitations and their labels (no statut, no activity). */
  detenteurs: z.array(z.object({ odg: z.string(), aopIgps: z.array(z.string()) })),
});
export type OperateurExistant = z.infer<typeof operateurExistantSchema>;
export const existantReponseSchema = z.object({
  operateurs: z.array(operateurExistantSchema),
  /** Where to ask CNAOL about an operator outside the perimeter: its active accounts' mails. */
  contactCnaol: z.array(z.string()),
});

const optionnel = (s: z.ZodType<string | null | undefined>) =>
  s.transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));
const texte = (max: number) => optionnel(z.string().max(max).nullish());

export const personneMoraleEcritureSchema = z.object({
  raisonSociale: V.obligatoire.pipe(z.string().max(200)),
  siret: V.siret,
  type: texte(60),
  ede: texte(20),
  /** The PACAGE number, named `pac` as the spec's operator record and the devices' copy name it. */
  pac: texte(20),
  nom: texte(200),
  adresse1: texte(200),
  adresse2: texte(200),
  adresse3: texte(200),
  adresse4: texte(200),
  codePostal: optionnel(V.codePostal),
  ville: texte(100),
  telephone1: optionnel(V.telephone),
  telephone2: optionnel(V.telephone),
  mail: optionnel(V.email.pipe(z.string().max(200).nullish())),
  siteWeb: texte(200),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});
export type PersonneMoraleEcriture = z.infer<typeof personneMoraleEcritureSchema>;
export const personneMoralePatchSchema = modification(personneMoraleEcritureSchema.partial());

/** A site's labels: ids of AOP-IGP (the server keeps those of the active ODG that the operator holds). */
const aopIdsSiteSchema = z.array(idParamSchema).max(50);
const champsSite = {
  libelle: V.obligatoire.pipe(z.string().max(200)),
  ede: texte(20),
  adresse1: texte(200),
  adresse2: texte(200),
  adresse3: texte(200),
  codePostal: optionnel(V.codePostal),
  ville: texte(100),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  telephone: optionnel(V.telephone),
  mail: optionnel(V.email.pipe(z.string().max(200).nullish())),
};
export const siteEcritureSchema = z.object({
  ...champsSite,
  siege: z.boolean().default(false),
  aopIds: aopIdsSiteSchema.default([]),
});
/** A site's correction: only the keys sent change (no default may erase what the form omits). */
export const sitePatchSchema = modification(
  z.object({ ...champsSite, siege: z.boolean(), aopIds: aopIdsSiteSchema }).partial(),
);
export const siteParamsSchema = z.object({ id: idParamSchema, siteId: idParamSchema });

export const contactEcritureSchema = z.object({
  personneMoraleId: idParamSchema,
  civilite: z.enum(CIVILITES).nullish(),
  nom: V.obligatoire.pipe(z.string().max(100)),
  prenom: texte(100),
  telephone1: optionnel(V.telephone),
  telephone2: optionnel(V.telephone),
  mail: optionnel(V.email.pipe(z.string().max(200).nullish())),
  fonction: texte(100),
  /**
   * An existing natural person of the perimeter (`/api/contact/physique/recherche`): the contact
   * takes that person's identity instead of creating another one (issue 32 item 2).
   */
  personnePhysiqueId: idParamSchema.nullish(),
});
/** A contact's correction from the operator's fiche: its function and contact details. */
export const contactPatchSchema = modification(
  contactEcritureSchema.omit({ personneMoraleId: true, personnePhysiqueId: true }).partial(),
);

const refSchema = z.object({ id: z.string(), libelle: z.string() });
export const ficheMoraleSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  type: z.string().nullable(),
  ede: z.string().nullable(),
  pac: z.string().nullable(),
  nom: z.string().nullable(),
  adresse1: z.string().nullable(),
  adresse2: z.string().nullable(),
  adresse3: z.string().nullable(),
  adresse4: z.string().nullable(),
  codePostal: z.string().nullable(),
  ville: z.string().nullable(),
  telephone1: z.string().nullable(),
  telephone2: z.string().nullable(),
  mail: z.string().nullable(),
  siteWeb: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  raisonSociale: z.string(),
  siret: z.string(),
  isHabilite: z.boolean(),
  sites: z.array(
    z.object({
      id: z.string(),
      libelle: z.string(),
      siege: z.boolean(),
      adresse1: z.string().nullable(),
      codePostal: z.string().nullable(),
      ville: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      aopIds: z.array(z.string()),
    }),
  ),
  contacts: z.array(
    z.object({
      id: z.string(),
      civilite: z.string().nullable(),
      nom: z.string(),
      prenom: z.string().nullable(),
      telephone1: z.string().nullable(),
      telephone2: z.string().nullable(),
      mail: z.string().nullable(),
      fonction: z.string().nullable(),
      personnePhysiqueId: z.string().nullable(),
    }),
  ),
  habilitations: z.array(
    z.object({
      id: z.string(),
      aopIgp: refSchema,
      activite: refSchema,
      statut: z.enum(STATUTS_HABILITATION),
      dateDi: z.string().nullable(),
      fichiers: z.array(fichierResumeSchema),
    }),
  ),
  controles: z.array(
    z.object({
      id: z.string(),
      date: z.string().nullable(),
      statut: z.enum(STATUTS_CONTROLE),
      aopIgp: z.string().nullable(),
      resultat: z.enum(RESULTATS_CONTROLE).nullable(),
    }),
  ),
  manquements: z.array(
    z.object({
      id: z.string(),
      date: z.string().nullable(),
      libelle: z.string(),
      /** The shortcoming's state (`etat`). */
      statut: z.enum(ETATS_MANQUEMENT),
    }),
  ),
  documents: z.array(fichierResumeSchema),
  groupes: z.array(refSchema),
});
export type FicheMorale = z.infer<typeof ficheMoraleSchema>;

/** A chosen id of a form's select: empty is 'Ce champ est obligatoire', as the spec words it. */
const idObligatoire = idNombre(M.obligatoire);

export const habilitationEcritureSchema = z.object({
  personneMoraleId: idParamSchema,
  aopIgpId: idObligatoire,
  activiteId: idObligatoire,
  statut: z.enum(STATUTS_HABILITATION, { error: M.obligatoire }),
  dateDi: z.iso.date({ error: M.dateInvalide }).nullish(),
});
/** Empty with a DI document is a change (the document alone): the route judges 'Aucune modification'. */
export const habilitationPatchSchema = habilitationEcritureSchema
  .pick({ statut: true, dateDi: true })
  .partial();

export const anonymisationQuerySchema = z.object({
  force: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
/** When, and what the anonymisation removed and what it kept, with why (issue 28 item 3 c). */
export const anonymisationReponseSchema = z.object({
  id: z.string(),
  anonymiseLe: z.string(),
  retire: z.array(z.string()),
  conserve: z.array(z.string()),
});

export const referenceListeSchema = z.array(refSchema);
export const communeSchema = z.object({
  codePostal: z.string(),
  codeCommune: z.string(),
  nomCommune: z.string(),
  libelle: z.string(),
});
export const communesSchema = z.array(communeSchema);
export const idReponseSchema = z.object({ id: z.string() });

/** An organisation (ODG or certifying body) as the directory shows it. */
export const organismeIdentiteSchema = z.object({
  id: z.string(),
  type: z.string(),
  raisonSociale: z.string(),
  siret: z.string().nullable(),
  adresse: z.string().nullable(),
  codePostal: z.string().nullable(),
  ville: z.string().nullable(),
  telephone: z.string().nullable(),
  mail: z.string().nullable(),
});
export const organismesCertificateursSchema = z.array(
  organismeIdentiteSchema.extend({ aopIds: z.array(z.string()) }),
);

/** A natural person offered as an operator's contact (`/api/contact/physique/recherche`). */
export const contactPhysiqueSchema = z.object({
  id: z.string(),
  civilite: z.string().nullable(),
  nom: z.string(),
  prenom: z.string(),
  mail: z.string().nullable(),
  telephone: z.string().nullable(),
});
export const contactsPhysiquesSchema = z.array(contactPhysiqueSchema);
export type ContactPhysique = z.infer<typeof contactPhysiqueSchema>;
export const sousProfilParamsSchema = z.object({ id: idParamSchema, aopId: idParamSchema });
export const documentHabilitationParamsSchema = z.object({
  personneMoraleId: idParamSchema,
  aopId: idParamSchema,
  fichierId: idParamSchema,
});

/** An identification request (DI): one document for several activities of one label. */
export const demandeIdentificationSchema = z.object({
  personneMoraleId: idParamSchema,
  aopIgpId: idObligatoire,
  activiteIds: z.array(idObligatoire, { error: M.obligatoire }).min(1, M.obligatoire).max(50),
  dateDi: z.iso.date({ error: M.dateInvalide }),
});
export const idsReponseSchema = z.object({ ids: z.array(z.string()) });

/**
 * An operator held by another ODG habilitated on a label of the active ODG (issue 32 item 1;
 * docs/decisions.md 'An operator that exists under another ODG'): named by the SIRET typed at
 * its creation, never by an id the office was not given; habilitations EN_ATTENTE.
 */
export const habilitationExistantSchema = demandeIdentificationSchema
  .omit({ personneMoraleId: true })
  .extend({ siret: V.siret });
