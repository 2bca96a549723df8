import { idParamsSchema } from '../annuaire';
import {
  conflitDetailSchema,
  conflitQuerySchema,
  conflitPageSchema,
  conflitResolutionRequestSchema,
} from '../conflits';
import type { Endpoint } from '../endpoint';
import { panierAjoutRequestSchema } from '../operateurs';
import {
  panierAjoutSchema,
  prepareTirageRequestSchema,
  preselectionSchema,
  pressionSchema,
  tauxRequestSchema,
  tirageResumeSchema,
  tirageSchema,
} from '../pression';
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
} from '../tableau-de-bord';
import { z } from 'zod';

/** Dashboards: controls, shortcomings, pressure and draw, conflicts. */
export const apiTableauDeBord = {
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
  'GET /api/tdb/conflit': {
    resume: 'Conflits de synchronisation du périmètre',
    query: conflitQuerySchema,
    reponse: conflitPageSchema,
  },
  'GET /api/tdb/conflit/{id}': {
    resume: "Un conflit : la version du bureau et celle de l'appareil",
    params: idParamsSchema,
    reponse: conflitDetailSchema,
  },
  'POST /api/tdb/conflit/{id}/resolution': {
    resume: 'Garde une des deux versions et clôt le conflit (journalisé)',
    params: idParamsSchema,
    corps: conflitResolutionRequestSchema,
    reponse: conflitDetailSchema,
  },
} as const satisfies Record<string, Endpoint>;
