import { reponseFichier, type Endpoint } from '../endpoint';
import {
  DOCUMENTS_SYNCHRO,
  instantaneAnnuaireEnveloppeSchema,
  instantaneAnnuaireSchema,
  instantanePartieParamsSchema,
  type FluxCurseur,
  nouveautesRequestSchema,
  nouveautesResponseSchema,
  pullEnveloppeSchema,
  pullQuerySchema,
  pullResponseSchema,
  recheckQuerySchema,
} from '../synchro';
import {
  pushControlesResponseSchema,
  pushFrontLogsRequestSchema,
  pushFrontLogsResponseSchema,
  pushMoralesRequestSchema,
  pushMoralesResponseSchema,
  reserveNumerosRequestSchema,
  reserveNumerosResponseSchema,
} from '../synchro-push';

/**
 * One pull feed. The server serialises each document through its feed's schema; the device checks
 * the envelope only (docs/decisions.md: parsing thousands of directory documents again on a phone
 * costs more than it tells).
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- E keeps each feed's own document type in its entry, which the server's handler is checked against
const flux = <E extends FluxCurseur>(entite: E) => ({
  resume: `Flux ${entite} : documents après le checkpoint, dans l'ordre du serveur`,
  query: pullQuerySchema,
  reponse: pullResponseSchema(DOCUMENTS_SYNCHRO[entite]),
  reponseClient: pullEnveloppeSchema,
});

/** The pull feeds, one path each (the web builds the key from its feed's name). */
export const apiFlux = {
  'GET /api/synchro/tournee': flux('tournee'),
  'GET /api/synchro/controle': flux('controle'),
  // Sent as JSON text written by PostgreSQL (synchro.routes.ts): documented all the same.
  'GET /api/synchro/annuaire-morale': flux('annuaire-morale'),
  'GET /api/synchro/frontlogs': flux('frontlogs'),
  'GET /api/synchro/manquement': flux('manquement'),
  'GET /api/synchro/groupesysexp': flux('groupesysexp'),
  'GET /api/synchro/pointsysexp': flux('pointsysexp'),
  'GET /api/synchro/categorie': flux('categorie'),
  'GET /api/synchro/categorie-activite': flux('categorie-activite'),
  'GET /api/synchro/activite-aop': flux('activite-aop'),
  'GET /api/synchro/point-controle': flux('point-controle'),
  'GET /api/synchro/point-controle-aop': flux('point-controle-aop'),
  'GET /api/synchro/organisme-certificateur': flux('organisme-certificateur'),
  'GET /api/synchro/referentiels': flux('referentiels'),
} as const satisfies { [E in FluxCurseur as `GET /api/synchro/${E}`]: Endpoint };

/** The key of a cursor feed's pull. */
export type CleFlux = keyof typeof apiFlux;

/** Sync (spec part 2 §7, docs/architecture.md §5). */
export const apiSynchro = {
  ...apiFlux,
  'GET /api/synchro/annuaire-morale/instantane': {
    resume: "Instantané de l'annuaire du périmètre, pour un appareil qui n'en a pas encore",
    description:
      "The directory of the active right's perimeter as a snapshot built once per data version: " +
      "its key, its number of parts, the caller's own additions (a controller's operators " +
      "outside the perimeter) and the feed's checkpoint right after it. `cle` null: no " +
      'snapshot, pull the feed from its beginning.',
    reponse: instantaneAnnuaireSchema,
    reponseClient: instantaneAnnuaireEnveloppeSchema,
  },
  'GET /api/synchro/annuaire-morale/instantane/{cle}/{partie}': {
    resume: "Une partie de l'instantané de l'annuaire (NDJSON, compressé)",
    description:
      "One directory document per line (the feed's documents), sent as stored: brotli or gzip " +
      'as the caller accepts. 404 when the key is no longer the current one (the data changed): ' +
      'ask the snapshot again.',
    params: instantanePartieParamsSchema,
    reponse: reponseFichier,
    erreurs: [404],
  },
  'GET /api/synchro/controle-recheck': {
    resume: 'État actuel des contrôles détenus par l’appareil (_deleted hors périmètre)',
    query: recheckQuerySchema,
    reponse: pullResponseSchema(DOCUMENTS_SYNCHRO['controle-recheck']),
    reponseClient: pullEnveloppeSchema,
  },
  'POST /api/synchro/controle': {
    resume: 'Envoi des contrôles saisis (multipart : data + documents)',
    description:
      'Part `data`: JSON `{ controles, newControles, documents }`; parts `documents`: files ' +
      'named `{controleId|clientUuid}__{aopIgpId}__{typeDocument}.pdf` or described in ' +
      '`data.documents` by `nom`, each with its sha256. Stored in the inbox before anything ' +
      'is applied; one result per control.',
    multipart: true,
    reponse: pushControlesResponseSchema,
  },
  'POST /api/synchro/nouveautes': {
    resume: 'Flux ayant du nouveau après les checkpoints de l’appareil',
    description:
      "The device's checkpoints (one per cursor feed); the answer lists the feeds that have " +
      'at least one document after theirs, checked with the same rights, scope and cursor ' +
      'rule as the pulls. The device pulls those (and the feeds it has no checkpoint for).',
    corps: nouveautesRequestSchema,
    reponse: nouveautesResponseSchema,
  },
  'POST /api/synchro/numeros-rapport': {
    resume: 'Réserve des numéros de rapport pour les contrôles créés hors ligne',
    description:
      "Reserves `nombre` new report numbers for the caller under the active right's ODG " +
      '(an ODG with a SIRET), at most 200 unused at a time; the device numbers the controls ' +
      'it creates offline from them and the server keeps that number when they arrive.',
    corps: reserveNumerosRequestSchema,
    reponse: reserveNumerosResponseSchema,
  },
  'POST /api/synchro/morale': {
    resume: 'Coordonnées des opérateurs modifiées pendant les contrôles',
    corps: pushMoralesRequestSchema,
    reponse: pushMoralesResponseSchema,
  },
  'POST /api/synchro/frontlogs': {
    resume: "Journaux de l'appareil (conservés 8 jours)",
    corps: pushFrontLogsRequestSchema,
    reponse: pushFrontLogsResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;
