import { idParamsSchema } from '../annuaire';
import { auditeursSchema } from '../auditeurs';
import { principalFiltersSchema, principalSchema } from '../auth';
import { changementMotDePasseSchema } from '../comptes';
import { type Endpoint, reponseImage, rien } from '../endpoint';
import { logRequestSchema } from '../journal';

/** Session: the signed-in user, his ODG's logo, the errors his client reports. */
export const apiSession = {
  'GET /api/principal': { reponse: principalSchema },
  'GET /api/principal/filters': { reponse: principalFiltersSchema },
  'GET /api/principal/auditeurs': { reponse: auditeursSchema },
  // Public: an <img> cannot send a bearer token, and a logo is no secret.
  'GET /api/organisme/{id}/logo': { params: idParamsSchema, reponse: reponseImage },
  'POST /api/principal/mot-de-passe': {
    resume: 'Change son propre mot de passe (obligatoire après un mot de passe temporaire)',
    corps: changementMotDePasseSchema,
    reponse: rien,
    erreurs: [400],
  },
  'POST /api/log': { reponse: rien, corps: logRequestSchema },
} as const satisfies Record<string, Endpoint>;
