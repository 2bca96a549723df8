import { auditeursSchema } from '../auditeurs';
import { principalFiltersSchema, principalSchema } from '../auth';
import { changementMotDePasseSchema } from '../comptes';
import { type Endpoint, rien } from '../endpoint';
import { logRequestSchema } from '../journal';
import { versionResponseSchema } from '../system';

/** Session: the signed-in user, logs, version. */
export const apiSession = {
  'GET /api/principal': { reponse: principalSchema },
  'GET /api/principal/filters': { reponse: principalFiltersSchema },
  'GET /api/principal/auditeurs': { reponse: auditeursSchema },
  'POST /api/principal/mot-de-passe': {
    resume: 'Change son propre mot de passe (obligatoire après un mot de passe temporaire)',
    corps: changementMotDePasseSchema,
    reponse: rien,
    erreurs: [400],
  },
  'POST /api/log': { reponse: rien, corps: logRequestSchema },
  'GET /api/version': { reponse: versionResponseSchema },
} as const satisfies Record<string, Endpoint>;
