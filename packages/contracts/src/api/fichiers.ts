import { idParamsSchema } from '../annuaire';
import { type Endpoint, reponseFichier } from '../endpoint';

/** The stored files of the perimeter (DI, audit reports, plannings, avis de passage). */
export const apiFichiers = {
  'GET /api/fichier/{id}': {
    resume: "Contenu d'un fichier du périmètre (DI, rapport, planning, avis de passage)",
    params: idParamsSchema,
    reponse: reponseFichier,
  },
} as const satisfies Record<string, Endpoint>;
