import { type Endpoint, reponseTexte, websocket } from '../endpoint';
import {
  healthResponseSchema,
  versionQuerySchema,
  versionResponseSchema,
  wsQuerySchema,
} from '../system';

/** Operations: health, metrics, version, the connectivity socket. */
export const apiSysteme = {
  // UP only if the database answers, 503 DOWN otherwise.
  'GET /api/actuator/health': {
    reponse: healthResponseSchema,
    autresReponses: { 503: healthResponseSchema },
  },
  'GET /api/actuator/health/liveness': { reponse: healthResponseSchema },
  'GET /api/actuator/health/readiness': {
    reponse: healthResponseSchema,
    autresReponses: { 503: healthResponseSchema },
  },
  'GET /api/actuator/prometheus': {
    description:
      'Prometheus metrics of this node (text exposition format); `Authorization: Bearer <METRICS_TOKEN>`',
    reponse: reponseTexte,
  },
  'GET /api/version': { query: versionQuerySchema, reponse: versionResponseSchema },
  'GET /api/ws': { query: wsQuerySchema, reponse: websocket },
} as const satisfies Record<string, Endpoint>;
