import { type Endpoint, rien } from '../endpoint';
import {
  operateurPageSchema,
  panierAjoutRequestSchema,
  panierAjoutResponseSchema,
  panierInformationsResponseSchema,
} from '../operateurs';
import { panierPageSchema } from '../paging';
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
} from '../tournees';

/** Rounds and basket. */
export const apiTournees = {
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
} as const satisfies Record<string, Endpoint>;
