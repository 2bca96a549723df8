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
} from '../annuaire';
import {
  activitesAopIgpSchema,
  groupeEcritureSchema,
  groupeLigneSchema,
  groupeMembreSchema,
  groupePageSchema,
  habilitationPageSchema,
  personnePhysiqueEcritureSchema,
  personnePhysiquePageSchema,
  personnePhysiquePatchSchema,
  personnePhysiqueSchema,
} from '../annuaire-listes';
import { type Endpoint, rien } from '../endpoint';
import { z } from 'zod';

/** Directory: operators, persons, habilitations, groups, references. */
export const apiAnnuaire = {
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
} as const satisfies Record<string, Endpoint>;
