import { z } from 'zod';
import {
  ETATS_MANQUEMENT,
  NATURES_CONTROLE,
  NIVEAUX_CONTROLE,
  RESULTATS_CONTROLE,
  SEVERITES,
  STATUTS_CONTROLE,
} from '@estive/domain';
import { pageQuerySchema, pageSchema, triSchema } from './paging';
import { texteSur } from './texte';
import { champsIdentiteOperateur, operateurCourtSchema } from './operateur-court';

/**
 * Dashboards (`/api/tdb/...`, spec part 1 §2 route `tdb`, §3 'Manquement in dashboards'). Query
 * parameters are named after the columns they filter (`nature=EXTERNE`, `resultat=...`); ranges
 * are `{name}From`/`{name}To`, arrays are repeated (docs/architecture.md §3). The queries are
 * strict: a misspelt filter (`natur=EXTERNE`) is a 400 naming it, not the unfiltered list
 * (issue 32 item 4).
 */
const idParam = z.string().regex(/^\d{1,15}$/, 'Identifiant invalide');
const jour = z.iso.date();
/** A repeated query parameter arrives as a string once, an array when repeated. */
const repete = <T extends z.ZodType>(item: T) =>
  z.union([item.transform((v) => [v]), z.array(item).max(50)]).optional();
const booleen = z.enum(['true', 'false']).transform((v) => v === 'true');

const severite = z.enum(SEVERITES);

export const tdbControleQuerySchema = pageQuerySchema
  .extend({
    sort: triSchema,
    dateFrom: jour.optional(),
    dateTo: jour.optional(),
    campagneId: idParam.optional(),
    nature: repete(z.enum(NATURES_CONTROLE)),
    resultat: repete(z.enum(RESULTATS_CONTROLE)),
    statut: repete(z.enum(STATUTS_CONTROLE)),
    niveau: repete(z.enum(NIVEAUX_CONTROLE)),
    controleurId: idParam.optional(),
    personneMoraleId: idParam.optional(),
    aopIgpId: idParam.optional(),
    /** Operator's raison sociale or SIRET, accent- and case-blind. */
    operateur: texteSur(100).trim().optional(),
    /** The column `auditeur`: the controller's or the external auditor's name, accent-blind. */
    auditeur: texteSur(100).trim().optional(),
  })
  .strict();
export type TdbControleQuery = z.input<typeof tdbControleQuerySchema>;
/** The same filters for the export (every line) and the statistics (no order either). */
export const tdbControleExportQuerySchema = tdbControleQuerySchema.omit({ page: true, size: true });
export const tdbControleStatistiquesQuerySchema = tdbControleExportQuerySchema.omit({ sort: true });

export const tdbControleLigneSchema = z.object({
  id: z.string(),
  personneMoraleId: z.string(),
  raisonSociale: z.string(),
  siret: z.string(),
  aopIgpId: z.string(),
  aopIgp: z.string(),
  activites: z.array(z.string()),
  nature: z.enum(NATURES_CONTROLE),
  niveau: z.enum(NIVEAUX_CONTROLE),
  date: z.string(),
  statut: z.enum(STATUTS_CONTROLE),
  resultat: z.enum(RESULTATS_CONTROLE).nullable(),
  nbManquement: z.number().int(),
  auditeur: z.string().nullable(),
  commentaireAudite: z.string().nullable(),
  /** Why a cancelled control was abandoned, in the controller's (or the office's) words. */
  raisonAbandon: z.string().nullable(),
  /** The signed report, when there is one (opened through `GET /api/fichier/{id}`). */
  rapportFichierId: z.string().nullable(),
});
export type TdbControleLigne = z.infer<typeof tdbControleLigneSchema>;
export const tdbControlePageSchema = pageSchema(tdbControleLigneSchema);

export const tdbManquementQuerySchema = pageQuerySchema
  .extend({
    sort: triSchema,
    dateFrom: jour.optional(),
    dateTo: jour.optional(),
    etat: repete(z.enum(ETATS_MANQUEMENT)),
    seuil: repete(severite),
    nature: repete(z.enum(NATURES_CONTROLE)),
    aopIgpId: idParam.optional(),
    personneMoraleId: idParam.optional(),
    codePoint: texteSur(40).trim().optional(),
    recidive: booleen.optional(),
    /** Only follow-ups past their date while the shortcoming is still open. */
    enRetard: booleen.optional(),
    operateur: texteSur(100).trim().optional(),
  })
  .strict();
export type TdbManquementQuery = z.input<typeof tdbManquementQuerySchema>;
export const tdbManquementExportQuerySchema = tdbManquementQuerySchema.omit({
  page: true,
  size: true,
});
export const tdbManquementStatistiquesQuerySchema = tdbManquementExportQuerySchema.omit({
  sort: true,
});

export const tdbManquementLigneSchema = z.object({
  id: z.string(),
  personneMoraleId: z.string(),
  ...champsIdentiteOperateur,
  interne: z.boolean(),
  aopIgp: z.string(),
  activites: z.array(z.string()),
  nature: z.enum(NATURES_CONTROLE).nullable(),
  niveau: z.enum(NIVEAUX_CONTROLE).nullable(),
  date: z.string().nullable(),
  codePoint: z.string(),
  libellePoint: z.string(),
  etat: z.enum(ETATS_MANQUEMENT),
  seuil: severite.nullable(),
  recidive: z.boolean(),
  dateModification: z.string(),
  dateSuiviCorrective: z.string().nullable(),
  dateSuiviCorrectrice: z.string().nullable(),
  commentaire: z.string().nullable(),
  informationsAudite: z.string().nullable(),
  informationsAuditeur: z.string().nullable(),
  /** An open shortcoming one of whose follow-up dates has passed. */
  enRetard: z.boolean(),
});
export type TdbManquementLigne = z.infer<typeof tdbManquementLigneSchema>;
export const tdbManquementPageSchema = pageSchema(tdbManquementLigneSchema);

const texteLibre = texteSur(4000);

/** `POST /api/tdb/manquement/{id}/commentaire`: the office changes the state and/or comments. */
export const manquementCommentaireRequestSchema = z.object({
  etat: z.enum(ETATS_MANQUEMENT),
  commentaire: texteLibre.nullable().optional(),
});
export type ManquementCommentaireRequest = z.input<typeof manquementCommentaireRequestSchema>;

const mesure = z
  .object({
    mesure: texteLibre.nullable().optional(),
    delai: z.string().max(100).nullable().optional(),
    date: jour.nullable().optional(),
  })
  .optional();

/** `POST /api/tdb/manquement/manuelle`: a shortcoming the office records without a control. */
export const manquementManuelRequestSchema = z.object({
  personneMoraleId: idParam,
  aopIgpId: idParam,
  pointControleId: idParam,
  etat: z.enum(ETATS_MANQUEMENT),
  gravite: severite,
  valeur: texteSur(200).nullable().optional(),
  commentaire: texteLibre.nullable().optional(),
  informationsAuditeur: texteLibre.nullable().optional(),
  correctives: mesure,
  correctrices: mesure,
});
export type ManquementManuelRequest = z.input<typeof manquementManuelRequestSchema>;

export const manquementHistoriqueSchema = z.object({
  date: z.string(),
  etatAvant: z.enum(ETATS_MANQUEMENT).nullable(),
  etat: z.enum(ETATS_MANQUEMENT),
  commentaire: z.string().nullable(),
  origine: z.string(),
  auteur: z.string().nullable(),
});

export const manquementDetailSchema = tdbManquementLigneSchema.extend({
  aopIgpId: z.string(),
  valeur: z.string().nullable(),
  mesureCorrective: z.string().nullable(),
  delaiSuiviCorrective: z.string().nullable(),
  mesureCorrectrice: z.string().nullable(),
  delaiSuiviCorrectrice: z.string().nullable(),
  historique: z.array(manquementHistoriqueSchema),
  controle: z
    .object({
      id: z.string(),
      date: z.string(),
      niveau: z.enum(NIVEAUX_CONTROLE),
      nature: z.enum(NATURES_CONTROLE),
      statut: z.enum(STATUTS_CONTROLE),
      resultat: z.enum(RESULTATS_CONTROLE).nullable(),
      auditeur: z.string().nullable(),
      /**
       * The signed audit report (`GET /api/fichier/{id}`): the control's RAPPORT_AUDIT whose
       * sha256 is the fingerprint recorded at signature; null when there is none.
       */
      rapportSigneFichierId: z.string().nullable(),
    })
    .nullable(),
  /** Earlier shortcomings of the same operator on the same point and label (récidive). */
  precedents: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      etat: z.enum(ETATS_MANQUEMENT),
      seuil: severite.nullable(),
    }),
  ),
});
export type ManquementDetail = z.infer<typeof manquementDetailSchema>;

/** `GET /api/tdb/suivi/{id}`: one operator's controls and shortcomings over time. */
export const suiviOperateurSchema = z.object({
  operateur: operateurCourtSchema,
  controles: z.array(
    tdbControleLigneSchema.pick({
      id: true,
      aopIgp: true,
      nature: true,
      niveau: true,
      date: true,
      statut: true,
      resultat: true,
      nbManquement: true,
      auditeur: true,
      raisonAbandon: true,
      rapportFichierId: true,
    }),
  ),
  manquements: z.array(
    tdbManquementLigneSchema.pick({
      id: true,
      aopIgp: true,
      date: true,
      codePoint: true,
      libellePoint: true,
      etat: true,
      seuil: true,
      recidive: true,
      enRetard: true,
    }),
  ),
});
export type SuiviOperateur = z.infer<typeof suiviOperateurSchema>;

/** Columns of the Manquements tab a user sees only once he shows them (the table fits 1280 px). */
export const MANQUEMENTS_MASQUES = [
  'ville',
  'informationsAuditeur',
  'informationsAudite',
  'dateModification',
] as const;

/** The user's dashboard settings (spec: User.parametrage), kept server-side. */
export const parametrageTdbSchema = z.object({
  tdbControles: z.boolean(),
  tdbManquements: z.boolean(),
  tdbSuiviOperateurs: z.boolean(),
  /** Hidden columns per tab (column keys of the tables). */
  colonnesMasquees: z
    .object({
      controles: z.array(z.string().max(40)).max(40).default([]),
      manquements: z
        .array(z.string().max(40))
        .max(40)
        .default([...MANQUEMENTS_MASQUES]),
    })
    .default({ controles: [], manquements: [...MANQUEMENTS_MASQUES] }),
});
export type ParametrageTdb = z.infer<typeof parametrageTdbSchema>;

/** Charts of the Contrôles tab: results by month (Europe/Paris) of the filtered controls. */
export const tdbControleStatistiquesSchema = z.object({
  parMois: z.array(
    z.object({
      mois: z.string(),
      conformes: z.number().int(),
      nonConformes: z.number().int(),
      sansResultat: z.number().int(),
    }),
  ),
});
export type TdbControleStatistiques = z.infer<typeof tdbControleStatistiquesSchema>;

/** Charts of the Manquements tab: the filtered shortcomings by category and severity. */
export const tdbManquementStatistiquesSchema = z.object({
  parCategorie: z.array(
    z.object({ categorie: z.string(), seuil: severite.nullable(), nombre: z.number().int() }),
  ),
});
export type TdbManquementStatistiques = z.infer<typeof tdbManquementStatistiquesSchema>;
