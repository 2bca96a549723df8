import type { Endpoint } from '../endpoint';
import { nouveautesRequestSchema, nouveautesResponseSchema, pullEnveloppeSchema } from '../synchro';
import {
  pushControlesResponseSchema,
  pushFrontLogsRequestSchema,
  pushFrontLogsResponseSchema,
  pushMoralesRequestSchema,
  pushMoralesResponseSchema,
  reserveNumerosRequestSchema,
  reserveNumerosResponseSchema,
} from '../synchro-push';

/** Sync (the feeds' documents are checked by their envelope only: see docs/decisions.md). */
export const apiSynchro = {
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
