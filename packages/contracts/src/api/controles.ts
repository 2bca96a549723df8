import { creationInopineRequestSchema, creationInopineResponseSchema } from '../controles';
import {
  auditeurSuggestionSchema,
  depotExterneOdgSchema,
  depotExterneRequestSchema,
  depotExterneResponseSchema,
  manquementExistantSuggestionSchema,
  operateurSuggestionSchema,
  pointSuggestionSchema,
} from '../depot-externe';
import type { Endpoint } from '../endpoint';
import { z } from 'zod';

/** Controls: unannounced creation, external deposit. */
export const apiControles = {
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
} as const satisfies Record<string, Endpoint>;
