import { z } from 'zod';
import {
  CIVILITES,
  ETATS_MANQUEMENT,
  grilleSchema,
  NATURES_CONTROLE,
  NIVEAUX_CONTROLE,
  RESULTATS_CONTROLE,
  SEVERITES,
  SOURCES_POINT,
  STATUTS_CONTROLE,
  STATUTS_HABILITATION,
  STATUTS_TOURNEE,
  synthesesSchema,
  TYPES_AOP_IGP,
  TYPES_DOCUMENT,
} from '@estive/domain';

/** Documents of the pull feeds: the fields of the spec's local collections (part 2 §3). */

const idStr = z.string();
const nullableStr = z.string().nullable();
const ref = z.object({ id: idStr, libelle: z.string() });
export const fichierResumeSchema = z.object({
  id: idStr,
  fileName: z.string(),
  typeDocument: z.enum(TYPES_DOCUMENT),
  dateCreation: z.string(),
});
export type FichierResume = z.infer<typeof fichierResumeSchema>;

/** A record that left the caller's scope, or was deleted: the device drops it. */
export const documentSupprimeSchema = z.object({ id: idStr, _deleted: z.literal(true) });

const vivant = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ id: idStr, _deleted: z.literal(false), version: z.number().int(), ...shape });

/** Where a site or an operator is: town and, when known, its coordinates. */
const localisation = {
  codePostal: nullableStr,
  ville: nullableStr,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
};

export const siteSchema = z.object({
  id: idStr,
  libelle: z.string(),
  ede: nullableStr,
  siege: z.boolean(),
  adresse1: nullableStr,
  adresse2: nullableStr,
  adresse3: nullableStr,
  ...localisation,
  debutUtilisation: nullableStr,
  finUtilisation: nullableStr,
  telephone: nullableStr,
  mail: nullableStr,
  aopIds: z.array(idStr),
});

export const annuaireDocumentSchema = vivant({
  type: nullableStr,
  siret: z.string(),
  ede: nullableStr,
  pac: nullableStr,
  raisonSociale: z.string(),
  nom: nullableStr,
  adresse1: nullableStr,
  adresse2: nullableStr,
  adresse3: nullableStr,
  adresse4: nullableStr,
  ...localisation,
  telephone1: nullableStr,
  telephone2: nullableStr,
  mail: nullableStr,
  siteWeb: nullableStr,
  isHabilite: z.boolean(),
  habilitations: z.array(
    z.object({
      id: idStr,
      aopIgp: ref,
      activite: ref,
      statut: z.enum(STATUTS_HABILITATION),
      dateDi: nullableStr,
      fichiers: z.array(fichierResumeSchema),
    }),
  ),
  sites: z.array(siteSchema),
  contacts: z.array(
    z.object({
      id: idStr,
      civilite: z.enum(CIVILITES).nullable(),
      nom: z.string(),
      prenom: nullableStr,
      telephone1: nullableStr,
      telephone2: nullableStr,
      mail: nullableStr,
      fonction: nullableStr,
    }),
  ),
  /** The operator's DI and audit reports, newest first (preselected by unannounced inspections). */
  fichiers: z.array(fichierResumeSchema),
});

/** A shortcoming's remarks and its measures with their follow-up (delay, date). */
const suiviManquement = {
  informationsAuditeur: nullableStr,
  informationsAudite: nullableStr,
  commentaire: nullableStr,
  mesureCorrective: nullableStr,
  delaiSuiviCorrective: nullableStr,
  dateSuiviCorrective: nullableStr,
  mesureCorrectrice: nullableStr,
  delaiSuiviCorrectrice: nullableStr,
  dateSuiviCorrectrice: nullableStr,
};

export const dernierManquementSchema = z.object({
  id: idStr,
  dateDerniereEvolution: z.string(),
  categorie: nullableStr,
  niveau: z.enum(SEVERITES).nullable(),
  pointControleCode: z.string(),
  pointControleLibelle: z.string(),
  ...suiviManquement,
});

export const controleDocumentSchema = vivant({
  clientUuid: nullableStr,
  /** Printed 'SIQ-<n>' on the report (docs/architecture.md §5 'Report numbers'). */
  numeroRapport: idStr,
  date: z.string(),
  tourneeId: nullableStr,
  personneMoraleId: idStr,
  controleurId: nullableStr,
  aopIgp: z.object({
    id: idStr,
    libelle: z.string(),
    type: z.enum(TYPES_AOP_IGP),
    migre: z.boolean(),
    graviteColLabel: z.string(),
  }),
  sites: z.array(siteSchema),
  niveau: z.enum(NIVEAUX_CONTROLE),
  nature: z.enum(NATURES_CONTROLE),
  statut: z.enum(STATUTS_CONTROLE),
  resultat: z.enum(RESULTATS_CONTROLE).nullable(),
  activiteAopIgpIds: z.array(idStr),
  dateDi: nullableStr,
  fichiers: z.array(fichierResumeSchema),
  /** Typed by the domain's schemas: the server checks what it sends, the device reads a Grille. */
  grille: grilleSchema.nullable(),
  synthese: synthesesSchema.nullable(),
  etapeSaisie: z.number().int(),
  odgRef: z.object({
    id: idStr,
    raisonSociale: z.string(),
    siret: nullableStr,
    adresse: nullableStr,
    codePostal: nullableStr,
    ville: nullableStr,
    telephone: nullableStr,
    mail: nullableStr,
    logoId: nullableStr,
  }),
  organisme: z.object({ id: idStr, raisonSociale: z.string() }).nullable(),
  referentiels: z.array(z.object({ id: idStr, libelle: z.string(), actif: z.boolean() })),
  dernierManquements: z.array(dernierManquementSchema),
  raisonAbandon: nullableStr,
  /** The controller's entry crossed an office change: stored, waiting for the office. */
  conflit: z.boolean(),
});
export type ControleDocument = z.infer<typeof controleDocumentSchema>;

export const tourneeDocumentSchema = vivant({
  debut: z.string(),
  fin: z.string(),
  statut: z.enum(STATUTS_TOURNEE),
  odgId: idStr,
  controleurId: nullableStr,
  campagneId: nullableStr,
  planning: z.object({ id: idStr, fileName: z.string() }).nullable(),
  /** Issue 14 Deliver 4: one 'Avis de passage' per operator of a finalised round. */
  avisPassage: z.array(z.object({ personneMoraleId: idStr, id: idStr, fileName: z.string() })),
  nbOperateurs: z.number().int(),
});

export const manquementDocumentSchema = vivant({
  controleId: nullableStr,
  aopIgpId: idStr,
  personneMoraleId: idStr,
  pointControleId: idStr,
  etat: z.enum(ETATS_MANQUEMENT),
  niveau: z.enum(SEVERITES).nullable(),
  valeur: nullableStr,
  ...suiviManquement,
  dateDerniereEvolution: z.string(),
});

export const frontLogDocumentSchema = vivant({
  clientId: nullableStr,
  source: z.string(),
  logs: z.string(),
  creation: z.string(),
});

export const groupeSysExpDocumentSchema = vivant({
  libelle: z.string(),
  ordre: z.number().int(),
  aopIgpIds: z.array(idStr),
  personneMoraleId: idStr,
  archive: z.boolean(),
});
export const pointSysExpDocumentSchema = vivant({
  libelle: z.string(),
  ordre: z.number().int(),
  code: z.string(),
  formule: nullableStr,
  unite: nullableStr,
  dec: z.number().int(),
  stat: z.boolean(),
  groupeSystemeExploitationId: idStr,
  archive: z.boolean(),
});
export const categorieDocumentSchema = vivant({ libelle: z.string(), ordre: z.number().int() });
export const categorieActiviteDocumentSchema = vivant({
  categorieId: idStr,
  activiteId: idStr,
  personneMoraleId: idStr,
});
export const activiteAopDocumentSchema = vivant({
  aopIgpId: idStr,
  activiteId: idStr,
  activiteLibelle: z.string(),
});
export const pointControleDocumentSchema = vivant({
  libelle: z.string(),
  reference: nullableStr,
  source: z.enum(SOURCES_POINT),
  ordre: z.number().int(),
  code: z.string(),
  categorieId: idStr,
  archive: z.boolean(),
});
const seuilSchema = z.object({ operateur: z.string(), valeur: z.number() }).nullable();
export const pointControleAopDocumentSchema = vivant({
  pointControleId: idStr,
  aopIgpId: idStr,
  pointSystemeExploitationId: nullableStr,
  cible: nullableStr,
  habilitation: z.boolean(),
  gravite: nullableStr,
  seuil: z.object({ grave: seuilSchema, majeur: seuilSchema, mineur: seuilSchema }),
  varStat: nullableStr,
});
export const organismeCertificateurDocumentSchema = vivant({
  organismeId: idStr,
  raisonSociale: z.string(),
  odgId: idStr,
  aopIds: z.array(idStr),
});
export const referentielDocumentSchema = vivant({
  aopIgpId: idStr,
  libelle: z.string(),
  actif: z.boolean(),
});
