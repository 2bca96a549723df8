import { z } from 'zod';
import { auditeursSchema } from './auditeurs';
import {
  activitesAopIgpSchema,
  groupeEcritureSchema,
  groupeMembreSchema,
  groupeLigneSchema,
  groupePageSchema,
  habilitationPageSchema,
  personnePhysiqueEcritureSchema,
  personnePhysiquePatchSchema,
  personnePhysiquePageSchema,
  personnePhysiqueSchema,
} from './annuaire-listes';
import {
  anonymisationReponseSchema,
  communesSchema,
  contactEcritureSchema,
  ficheMoraleSchema,
  idReponseSchema,
  operateursCourtsSchema,
  personneMoraleEcritureSchema,
  personneMoralePageSchema,
  personneMoralePatchSchema,
  referenceListeSchema,
} from './annuaire';
import { principalFiltersSchema, principalSchema } from './auth';
import { changementMotDePasseSchema } from './comptes';
import { conflitDetailSchema, conflitPageSchema, conflitResolutionRequestSchema } from './conflits';
import { creationInopineRequestSchema, creationInopineResponseSchema } from './controles';
import {
  auditeurSuggestionSchema,
  depotExterneOdgSchema,
  depotExterneRequestSchema,
  depotExterneResponseSchema,
  manquementExistantSuggestionSchema,
  operateurSuggestionSchema,
  pointSuggestionSchema,
} from './depot-externe';
import { endpointsParametrage } from './endpoints-parametrage';
import { logRequestSchema } from './journal';
import {
  operateurPageSchema,
  panierAjoutRequestSchema,
  panierAjoutResponseSchema,
  panierInformationsResponseSchema,
} from './operateurs';
import { panierPageSchema } from './paging';
import {
  panierAjoutSchema,
  preselectionSchema,
  prepareTirageRequestSchema,
  pressionSchema,
  tauxRequestSchema,
  tirageResumeSchema,
  tirageSchema,
} from './pression';
import { nouveautesRequestSchema, nouveautesResponseSchema, pullEnveloppeSchema } from './synchro';
import {
  pushControlesResponseSchema,
  pushFrontLogsRequestSchema,
  pushFrontLogsResponseSchema,
  pushMoralesRequestSchema,
  pushMoralesResponseSchema,
  reserveNumerosRequestSchema,
  reserveNumerosResponseSchema,
} from './synchro-push';
import { versionResponseSchema } from './system';
import {
  manquementCommentaireRequestSchema,
  manquementDetailSchema,
  manquementManuelRequestSchema,
  parametrageTdbSchema,
  suiviOperateurSchema,
  tdbControlePageSchema,
  tdbControleStatistiquesSchema,
  tdbManquementPageSchema,
  tdbManquementStatistiquesSchema,
} from './tableau-de-bord';

import {
  avisPassageReponseSchema,
  controleurPageSchema,
  tourneeAjouteRequestSchema,
  tourneeControleurRequestSchema,
  tourneeDashboardPageSchema,
  tourneeIdResponseSchema,
  tourneeSauvegardeRequestSchema,
  tourneeSchema,
  tourneeSupprimeRequestSchema,
} from './tournees';

/**
 * One call of the API: the schema of its answer (the one its route declares), and of its JSON
 * body where it takes one. `multipart` calls take a FormData the route reads part by part.
 */
export interface Endpoint {
  reponse: z.ZodType;
  corps?: z.ZodType;
  multipart?: true;
}

/** A 204: no body. */
const rien = z.null();

/**
 * The calls the web app makes, keyed `METHOD /path` with `{param}` for path parameters (the
 * route's `:param`). Downloads (XLSX, PDF, files) are not here: their answer is a blob.
 */
export const endpoints = {
  // Session
  'GET /api/principal': { reponse: principalSchema },
  'GET /api/principal/filters': { reponse: principalFiltersSchema },
  'GET /api/principal/auditeurs': { reponse: auditeursSchema },
  'POST /api/principal/mot-de-passe': { reponse: rien, corps: changementMotDePasseSchema },
  'POST /api/log': { reponse: rien, corps: logRequestSchema },
  'GET /api/version': { reponse: versionResponseSchema },

  // Directory
  'GET /api/aop-igp': { reponse: referenceListeSchema },
  'GET /api/activite': { reponse: referenceListeSchema },
  'GET /api/activiteAopIgp': { reponse: activitesAopIgpSchema },
  'GET /api/commune/autocomplete-enum': { reponse: communesSchema },
  'GET /api/personne-morale': { reponse: personneMoralePageSchema },
  'GET /api/personne-morale/recherche/existant': { reponse: operateursCourtsSchema },
  'GET /api/personne-morale/autocomplete': { reponse: operateursCourtsSchema },
  'POST /api/personne-morale': { reponse: idReponseSchema, corps: personneMoraleEcritureSchema },
  'PATCH /api/personne-morale/{id}': { reponse: idReponseSchema, corps: personneMoralePatchSchema },
  // The form sends coordinates as typed when they are not numbers: the server's field error says why.
  'POST /api/personne-morale/{id}/sites': { reponse: idReponseSchema, corps: z.unknown() },
  'POST /api/personne-morale/anonymisation/{id}': { reponse: anonymisationReponseSchema },
  'GET /api/fiche/morale/{id}': { reponse: ficheMoraleSchema },
  'POST /api/fonction': { reponse: idReponseSchema, corps: contactEcritureSchema },
  'GET /api/personne-physique': { reponse: personnePhysiquePageSchema },
  'GET /api/fiche/physique/{id}': { reponse: personnePhysiqueSchema },
  'POST /api/personne-physique': {
    reponse: idReponseSchema,
    corps: personnePhysiqueEcritureSchema,
  },
  'PATCH /api/personne-physique/{id}': {
    reponse: idReponseSchema,
    corps: personnePhysiquePatchSchema,
  },
  'POST /api/personne-physique/anonymisation/{id}': { reponse: anonymisationReponseSchema },
  'GET /api/habilitation': { reponse: habilitationPageSchema },
  'POST /api/habilitation': { reponse: idReponseSchema, multipart: true },
  'POST /api/habilitation/modifie/{id}': { reponse: idReponseSchema, multipart: true },
  'GET /api/groupe': { reponse: groupePageSchema },
  'GET /api/groupe/{id}': { reponse: groupeLigneSchema },
  'POST /api/groupe': { reponse: idReponseSchema, corps: groupeEcritureSchema },
  'DELETE /api/groupe/{id}': { reponse: rien },
  'GET /api/groupe/{id}/membres': { reponse: operateursCourtsSchema },
  'GET /api/groupe/{id}/membre-possible': { reponse: operateursCourtsSchema },
  'POST /api/groupe/{id}/membre': { reponse: rien, corps: groupeMembreSchema },
  'DELETE /api/groupe/{id}/membre/{personneMoraleId}': { reponse: rien },

  // Rounds and basket
  'GET /api/panier': { reponse: panierPageSchema },
  'GET /api/panier/recherche': { reponse: operateurPageSchema },
  'GET /api/panier/informations': { reponse: panierInformationsResponseSchema },
  'POST /api/panier': { reponse: panierAjoutResponseSchema, corps: panierAjoutRequestSchema },
  'DELETE /api/panier/{personneMoraleId}': { reponse: rien },
  'GET /api/tournee/dashboard': { reponse: tourneeDashboardPageSchema },
  'GET /api/tournee/{id}': { reponse: tourneeSchema },
  'POST /api/tournee/initialise': {
    reponse: tourneeIdResponseSchema,
    corps: tourneeControleurRequestSchema,
  },
  'PUT /api/tournee/{id}/modifie': {
    reponse: tourneeSchema,
    corps: tourneeControleurRequestSchema,
  },
  'POST /api/tournee/{id}/ajoute': { reponse: tourneeSchema, corps: tourneeAjouteRequestSchema },
  'POST /api/tournee/{id}/supprime': {
    reponse: tourneeSchema,
    corps: tourneeSupprimeRequestSchema,
  },
  'PUT /api/tournee/{id}/sauvegarde': {
    reponse: tourneeSchema,
    corps: tourneeSauvegardeRequestSchema,
  },
  'POST /api/tournee/{id}/finalise': { reponse: tourneeSchema },
  'GET /api/personne-physique/controleur': { reponse: controleurPageSchema },
  'POST /api/mail/avis-de-passage/{controleId}': { reponse: avisPassageReponseSchema },

  // Controls
  'POST /api/controle/inopine': {
    reponse: creationInopineResponseSchema,
    corps: creationInopineRequestSchema,
  },
  'GET /api/controle/depotExterne/odg/{id}': { reponse: depotExterneOdgSchema },
  'GET /api/controle/depotExterne/operateurs': { reponse: z.array(operateurSuggestionSchema) },
  'GET /api/controle/depotExterne/auditeurs': { reponse: z.array(auditeurSuggestionSchema) },
  'GET /api/controle/depotExterne/points': { reponse: z.array(pointSuggestionSchema) },
  'GET /api/controle/depotExterne/manquements': {
    reponse: z.array(manquementExistantSuggestionSchema),
  },
  'POST /api/controle/depotExterne': {
    reponse: depotExterneResponseSchema,
    corps: depotExterneRequestSchema,
  },

  // Dashboards
  'GET /api/tdb/controle': { reponse: tdbControlePageSchema },
  'GET /api/tdb/manquement': { reponse: tdbManquementPageSchema },
  'GET /api/tdb/controle/statistiques': { reponse: tdbControleStatistiquesSchema },
  'GET /api/tdb/manquement/statistiques': { reponse: tdbManquementStatistiquesSchema },
  'POST /api/tdb/manquement/manuelle': {
    reponse: manquementDetailSchema,
    corps: manquementManuelRequestSchema,
  },
  'GET /api/tdb/manquement/{id}': { reponse: manquementDetailSchema },
  'POST /api/tdb/manquement/{id}/commentaire': {
    reponse: manquementDetailSchema,
    corps: manquementCommentaireRequestSchema,
  },
  'GET /api/tdb/suivi/{id}': { reponse: suiviOperateurSchema },
  'GET /api/tdb/parametrage-tdb': { reponse: parametrageTdbSchema },
  'PUT /api/tdb/parametrage-tdb': { reponse: parametrageTdbSchema, corps: parametrageTdbSchema },
  'GET /api/tdb/pression': { reponse: pressionSchema },
  'PUT /api/tdb/pression/taux': { reponse: pressionSchema, corps: tauxRequestSchema },
  'GET /api/tdb/pression/tirage': { reponse: z.array(tirageResumeSchema) },
  'GET /api/tdb/pression/preselection': { reponse: preselectionSchema },
  'POST /api/tdb/pression/prepare-tirage': {
    reponse: tirageSchema,
    corps: prepareTirageRequestSchema,
  },
  'GET /api/tdb/pression/tirage/{id}': { reponse: tirageSchema },
  'POST /api/tdb/pression/panier': {
    reponse: panierAjoutSchema,
    corps: panierAjoutRequestSchema,
  },
  'GET /api/tdb/conflit': { reponse: conflitPageSchema },
  'GET /api/tdb/conflit/{id}': { reponse: conflitDetailSchema },
  'POST /api/tdb/conflit/{id}/resolution': {
    reponse: conflitDetailSchema,
    corps: conflitResolutionRequestSchema,
  },

  ...endpointsParametrage,

  // Sync (the feeds' documents are checked by their envelope only: see docs/decisions.md)
  'POST /api/synchro/nouveautes': {
    reponse: nouveautesResponseSchema,
    corps: nouveautesRequestSchema,
  },
  'GET /api/synchro/{entite}': { reponse: pullEnveloppeSchema },
  'GET /api/synchro/controle-recheck': { reponse: pullEnveloppeSchema },
  'POST /api/synchro/frontlogs': {
    reponse: pushFrontLogsResponseSchema,
    corps: pushFrontLogsRequestSchema,
  },
  'POST /api/synchro/morale': {
    reponse: pushMoralesResponseSchema,
    corps: pushMoralesRequestSchema,
  },
  'POST /api/synchro/controle': { reponse: pushControlesResponseSchema, multipart: true },
  'POST /api/synchro/numeros-rapport': {
    reponse: reserveNumerosResponseSchema,
    corps: reserveNumerosRequestSchema,
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type CleApi = keyof Endpoints;

type NomsParams<C extends string> = C extends `${string}{${infer P}}${infer R}`
  ? P | NomsParams<R>
  : never;
/** The path parameters of a call: `{id}` in its key. */
export type ParamsApi<K extends CleApi> = Record<NomsParams<K>, string | number>;
/** What a call answers, once parsed. */
export type ReponseApi<K extends CleApi> = z.output<Endpoints[K]['reponse']>;
/**
 * A body as the client writes it: a field the schema takes as `unknown` (cleaned by a preprocess
 * on the server: empty text, trimming) may be left out, the server reads it as absent.
 */
type Souple<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [C in keyof T as unknown extends T[C] ? never : C]: T[C] } & {
        [C in keyof T as unknown extends T[C] ? C : never]?: T[C];
      }
    : T;
/** What a call takes: its JSON body, a FormData for a multipart call, else nothing. */
export type CorpsApi<K extends CleApi> = Endpoints[K] extends { corps: infer B extends z.ZodType }
  ? Souple<z.input<B>>
  : Endpoints[K] extends { multipart: true }
    ? FormData
    : undefined;
/** The element of a paged answer. */
export type LigneApi<K extends CleApi> = ReponseApi<K> extends { content: (infer L)[] } ? L : never;
/** The calls that answer a page (the searches bound to a table). */
export type CleApiPaginee = {
  [K in CleApi]: ReponseApi<K> extends { content: unknown[]; totalElements: number } ? K : never;
}[CleApi];
