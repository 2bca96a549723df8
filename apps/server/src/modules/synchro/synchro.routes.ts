import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOCUMENTS_SYNCHRO,
  ENTITES_SYNCHRO,
  HEADER_APP_VERSION,
  LIMITES_PUSH,
  nouveautesRequestSchema,
  nouveautesResponseSchema,
  pullQuerySchema,
  type PullQuery,
  pullResponseSchema,
  pushControlesResponseSchema,
  pushFrontLogsRequestSchema,
  pushFrontLogsResponseSchema,
  pushMoralesRequestSchema,
  pushMoralesResponseSchema,
  recheckQuerySchema,
  reserveNumerosRequestSchema,
  reserveNumerosResponseSchema,
} from '@estive/contracts';
import type { FeedsService } from './feeds.service';
import { lireMultipart, tropVolumineux } from './multipart';
import type { NumerosRapportService } from './numeros-rapport.service';
import type { PushControleService } from './push-controle.service';
import type { PushMoraleService } from './push-morale.service';

const tags = ['synchro'];
const appVersion = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/** The synchronisation calls of spec part 2 §7 (docs/architecture.md §5). */
export function synchroRoutes(services: {
  feeds: FeedsService;
  controles: PushControleService;
  morales: PushMoraleService;
  numeros: NumerosRapportService;
}) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    for (const entite of ENTITES_SYNCHRO) {
      if (entite === 'controle-recheck' || entite === 'annuaire-morale') continue;
      app.get(
        `/api/synchro/${entite}`,
        {
          schema: {
            tags,
            summary: `Flux ${entite} : documents après le checkpoint, dans l'ordre du serveur`,
            querystring: pullQuerySchema,
            response: { 200: pullResponseSchema(DOCUMENTS_SYNCHRO[entite]) },
          },
        },
        (request) => services.feeds.tirer(request.acteur, entite, request.query),
      );
    }

    // The directory's answer is JSON text written by PostgreSQL, sent as it is: the schema stays
    // for validation of the query and for the OpenAPI document, the serialiser is not run (a
    // string payload with a JSON content type is sent untouched).
    fastify.get<{ Querystring: PullQuery }>(
      '/api/synchro/annuaire-morale',
      {
        schema: {
          tags,
          summary: "Flux annuaire-morale : documents après le checkpoint, dans l'ordre du serveur",
          querystring: pullQuerySchema,
          response: { 200: pullResponseSchema(DOCUMENTS_SYNCHRO['annuaire-morale']) },
        },
      },
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send(await services.feeds.tirerAnnuaireJson(request.acteur, request.query)),
    );

    app.get(
      '/api/synchro/controle-recheck',
      {
        schema: {
          tags,
          summary: 'État actuel des contrôles détenus par l’appareil (_deleted hors périmètre)',
          querystring: pullQuerySchema.extend(recheckQuerySchema.shape),
          response: { 200: pullResponseSchema(DOCUMENTS_SYNCHRO['controle-recheck']) },
        },
      },
      (request) => services.feeds.reverifier(request.acteur, request.query.reCheckIds),
    );

    app.post(
      '/api/synchro/controle',
      {
        config: { entreeBrute: true },
        // Refused before its body is read when the device announces more than the limit.
        onRequest: async (request) => {
          const annonce = Number(request.headers['content-length']);
          if (annonce > LIMITES_PUSH.octets + 1_000_000) throw tropVolumineux();
        },
        schema: {
          tags,
          summary: 'Envoi des contrôles saisis (multipart : data + documents)',
          description:
            'Part `data`: JSON `{ controles, newControles, documents }`; parts `documents`: files ' +
            'named `{controleId|clientUuid}__{aopIgpId}__{typeDocument}.pdf` or described in ' +
            '`data.documents` by `nom`, each with its sha256. Stored in the inbox before anything ' +
            'is applied; one result per control.',
          consumes: ['multipart/form-data'],
          response: { 200: pushControlesResponseSchema },
        },
      },
      async (request) => {
        const { data, fichiers } = await lireMultipart(request);
        return services.controles.pousser(request.acteur, {
          data,
          fichiers,
          appVersion: appVersion(request.headers[HEADER_APP_VERSION]),
        });
      },
    );

    app.post(
      '/api/synchro/nouveautes',
      {
        schema: {
          tags,
          summary: 'Flux ayant du nouveau après les checkpoints de l’appareil',
          description:
            "The device's checkpoints (one per cursor feed); the answer lists the feeds that have " +
            'at least one document after theirs, checked with the same rights, scope and cursor ' +
            'rule as the pulls. The device pulls those (and the feeds it has no checkpoint for).',
          body: nouveautesRequestSchema,
          response: { 200: nouveautesResponseSchema },
        },
      },
      (request) => services.feeds.nouveautes(request.acteur, request.body.checkpoints),
    );

    app.post(
      '/api/synchro/numeros-rapport',
      {
        schema: {
          tags,
          summary: 'Réserve des numéros de rapport pour les contrôles créés hors ligne',
          description:
            "Reserves `nombre` new report numbers for the caller under the active right's ODG " +
            '(an ODG with a SIRET), at most 200 unused at a time; the device numbers the controls ' +
            'it creates offline from them and the server keeps that number when they arrive.',
          body: reserveNumerosRequestSchema,
          response: { 200: reserveNumerosResponseSchema },
        },
      },
      (request) => services.numeros.reserver(request.acteur, request.body.nombre),
    );

    app.post(
      '/api/synchro/morale',
      {
        config: { entreeBrute: true },
        schema: {
          tags,
          summary: 'Coordonnées des opérateurs modifiées pendant les contrôles',
          body: pushMoralesRequestSchema,
          response: { 200: pushMoralesResponseSchema },
        },
      },
      (request) =>
        services.morales.pousserMorales(
          request.acteur,
          request.body.morales,
          appVersion(request.headers[HEADER_APP_VERSION]),
        ),
    );

    app.post(
      '/api/synchro/frontlogs',
      {
        config: { entreeBrute: true },
        schema: {
          tags,
          summary: "Journaux de l'appareil (conservés 8 jours)",
          body: pushFrontLogsRequestSchema,
          response: { 200: pushFrontLogsResponseSchema },
        },
      },
      (request) =>
        services.morales.pousserJournaux(
          request.acteur,
          request.body.logs,
          appVersion(request.headers[HEADER_APP_VERSION]),
        ),
    );
  };
}
