import { z } from 'zod';
import { idParamSchema, idParamsSchema } from '../annuaire';
import { type Endpoint, rien } from '../endpoint';
import {
  operateurPageSchema,
  operateurRechercheQuerySchema,
  panierAjoutRequestSchema,
  panierAjoutResponseSchema,
  panierInformationsQuerySchema,
  panierInformationsResponseSchema,
  panierTailleSchema,
  personneMoraleParamsSchema,
} from '../operateurs';
import { pageQuerySchema, panierPageSchema } from '../paging';
import {
  avisPassageReponseSchema,
  controleurPageSchema,
  controleurQuerySchema,
  tourneeAjouteLotRequestSchema,
  tourneeAjouteRequestSchema,
  tourneeControleurRequestSchema,
  tourneeCreationRapideRequestSchema,
  tourneeDashboardPageSchema,
  tourneeIdResponseSchema,
  tourneeLightPageSchema,
  tourneeLightQuerySchema,
  tourneeListeQuerySchema,
  tourneePageSchema,
  tourneeSauvegardeRequestSchema,
  tourneeSchema,
  tourneeSupprimeRequestSchema,
  visitesControleurQuerySchema,
  visitesControleurSchema,
} from '../tournees';

/** The basket of the perimeter: the operators waiting for a round. */
export const apiPanier = {
  'GET /api/panier': { query: pageQuerySchema, reponse: panierPageSchema },
  'GET /api/panier/taille': { reponse: panierTailleSchema },
  'GET /api/panier/recherche': {
    description:
      "Opérateurs du périmètre (recherche sans accents ni casse, SIRET avec ou sans espaces) ; 'exclus' écarte les identifiants déjà choisis.",
    query: operateurRechercheQuerySchema,
    reponse: operateurPageSchema,
  },
  'GET /api/panier/informations': {
    description:
      'Informations des opérateurs du périmètre pour préparer leurs contrôles (sites, appellations et activités habilitées, documents DI et rapports).',
    query: panierInformationsQuerySchema,
    reponse: panierInformationsResponseSchema,
  },
  'POST /api/panier': { corps: panierAjoutRequestSchema, reponse: panierAjoutResponseSchema },
  'DELETE /api/panier/{personneMoraleId}': { params: personneMoraleParamsSchema, reponse: rien },
} as const satisfies Record<string, Endpoint>;

/** Rounds (spec part 1 §7): programming by the office, read by the controller. */
export const apiTournees = {
  'GET /api/tournee': {
    description:
      'Tournées du périmètre, paginées ; statuts par défaut PREPARATION, ATTENTE_SYNCHRO, SYNCHRONISE.',
    query: tourneeListeQuerySchema,
    reponse: tourneePageSchema,
  },
  'GET /api/tournee/light': {
    description: 'Liste légère des tournées ; statut par défaut PREPARATION.',
    query: tourneeLightQuerySchema,
    reponse: tourneeLightPageSchema,
  },
  'GET /api/tournee/dashboard': {
    description: 'Tableau de programmation : les tournées et leurs contrôles (sous-tableau).',
    query: tourneeListeQuerySchema,
    reponse: tourneeDashboardPageSchema,
  },
  'GET /api/tournee/{id}': { params: idParamsSchema, reponse: tourneeSchema },
  'GET /api/tournee/{id}/visites-controleur': {
    description:
      "Visites programmées du contrôleur de la tournée (ou de celui nommé) hors de cette tournée, à partir d'aujourd'hui : deux visites à la même heure sont signalées. Une visite d'un autre ODG est donnée sans son opérateur.",
    params: idParamsSchema,
    query: visitesControleurQuerySchema,
    reponse: visitesControleurSchema,
  },
  'POST /api/tournee/initialise': {
    description: 'Crée une tournée en préparation pour le périmètre actif.',
    corps: tourneeControleurRequestSchema,
    reponse: tourneeIdResponseSchema,
  },
  'POST /api/tournee/creation-rapide': {
    description: "Crée une tournée en préparation avec les contrôles d'un ou plusieurs opérateurs.",
    corps: tourneeCreationRapideRequestSchema,
    reponse: tourneeSchema,
  },
  'PUT /api/tournee/{id}/modifie': {
    description:
      'Change le contrôleur (PREPARATION ou ATTENTE_SYNCHRO : les contrôles suivent, l’appareil du précédent les retire).',
    params: idParamsSchema,
    corps: tourneeControleurRequestSchema,
    reponse: tourneeSchema,
  },
  'POST /api/tournee/{id}/ajoute': {
    description:
      "Ajoute ou modifie les contrôles d'un opérateur ; erreurs de champ date[{id}], controles[i].siteId, controles[i].niveau, controles[i].activiteAopIgpIds, controles[i].documents.",
    params: idParamsSchema,
    corps: tourneeAjouteRequestSchema,
    reponse: tourneeSchema,
  },
  'POST /api/tournee/{id}/ajoute-lot': {
    description:
      'Ajoute ou modifie les contrôles de plusieurs opérateurs en une transaction : tous créés, ou aucun et les erreurs de chaque carte (operateurControles[k].controles[i].siteId…, date[{id}]).',
    params: idParamsSchema,
    corps: tourneeAjouteLotRequestSchema,
    reponse: tourneeSchema,
  },
  'POST /api/tournee/{id}/supprime': {
    params: idParamsSchema,
    corps: tourneeSupprimeRequestSchema,
    reponse: tourneeSchema,
  },
  'PUT /api/tournee/{id}/sauvegarde': {
    description: 'Sauvegarde le panier et les contrôles non validés de la tournée.',
    params: idParamsSchema,
    corps: tourneeSauvegardeRequestSchema,
    reponse: tourneeSchema,
  },
  'POST /api/tournee/{id}/finalise': {
    description:
      "Finalise la tournée (ATTENTE_SYNCHRO) : planning de contrôle et avis de passage produits, envoyée à l'appareil du contrôleur.",
    params: idParamsSchema,
    reponse: tourneeSchema,
  },
  'GET /api/personne-physique/controleur': {
    description:
      'Contrôleurs du périmètre (comptes actifs ROLE_CONTROLEUR ayant un droit sur l’ODG).',
    query: controleurQuerySchema,
    reponse: controleurPageSchema,
  },
  'POST /api/mail/avis-de-passage/{controleId}': {
    resume: "Envoie l'avis de passage d'un contrôle programmé à l'opérateur",
    params: z.object({ controleId: idParamSchema }),
    reponse: avisPassageReponseSchema,
    erreurs: [403, 404, 409],
  },
} as const satisfies Record<string, Endpoint>;
