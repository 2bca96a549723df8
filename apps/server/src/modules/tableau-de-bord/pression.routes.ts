import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  panierAjoutSchema,
  preselectionQuerySchema,
  preselectionSchema,
  prepareTirageRequestSchema,
  pressionQuerySchema,
  pressionSchema,
  tauxRequestSchema,
  tirageResumeSchema,
  tiragesQuerySchema,
  tirageSchema,
} from '@estive/contracts';
import { envoyerXlsx } from '../../lib/xlsx';
import type { PressionService } from './pression.service';

const tags = ['tableau-de-bord'];

/** `/api/tdb/pression/...`: control pressure, preselection, recorded draw, basket. */
export function pressionRoutes(service: PressionService) {
  return async function register(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/api/tdb/pression',
      {
        schema: {
          tags,
          summary: 'Pression de contrôle de la campagne par AOP-IGP et activité',
          querystring: pressionQuerySchema,
          response: { 200: pressionSchema },
        },
      },
      (request) =>
        service.pression(
          request.acteur,
          request.query.campagneId === undefined ? undefined : Number(request.query.campagneId),
        ),
    );
    api.get(
      '/api/tdb/pression/export',
      {
        schema: {
          tags,
          summary: 'Export XLSX de la pression de contrôle de la campagne',
          querystring: pressionQuerySchema,
        },
      },
      async (request, reply) =>
        envoyerXlsx(
          reply,
          'pression-de-controle',
          await service.exportPression(
            request.acteur,
            request.query.campagneId === undefined ? undefined : Number(request.query.campagneId),
          ),
        ),
    );
    api.put(
      '/api/tdb/pression/taux',
      {
        schema: {
          tags,
          summary: "Taux cible d'opérateurs à contrôler de la campagne (par AOP-IGP et activité)",
          body: tauxRequestSchema,
          response: { 200: pressionSchema },
        },
      },
      (request) => service.definirTaux(request.acteur, request.body),
    );
    api.get(
      '/api/tdb/pression/tirage',
      {
        schema: {
          tags,
          summary: 'Tirages enregistrés de la campagne, chacun vérifié à nouveau',
          querystring: tiragesQuerySchema,
          response: { 200: z.array(tirageResumeSchema) },
        },
      },
      (request) =>
        service.tirages(
          request.acteur,
          Number(request.query.campagneId),
          request.query.aopIgpId === undefined ? undefined : Number(request.query.aopIgpId),
        ),
    );
    api.get(
      '/api/tdb/pression/preselection',
      {
        schema: {
          tags,
          summary: 'Présélection des opérateurs à contrôler',
          querystring: preselectionQuerySchema,
          response: { 200: preselectionSchema },
        },
      },
      (request) =>
        service.preselection(
          request.acteur,
          Number(request.query.campagneId),
          Number(request.query.aopIgpId),
          request.query.size,
        ),
    );
    api.post(
      '/api/tdb/pression/prepare-tirage',
      {
        schema: {
          tags,
          summary: 'Tirage au sort reproductible (graine et liste enregistrées)',
          body: prepareTirageRequestSchema,
          response: { 201: tirageSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.prepareTirage(request.acteur, request.body)),
    );
    api.get(
      '/api/tdb/pression/tirage/:id',
      {
        schema: {
          tags,
          summary: 'Un tirage enregistré',
          params: idParamsSchema,
          response: { 200: tirageSchema },
        },
      },
      (request) => service.tirage(request.acteur, request.params.id),
    );
    api.post(
      '/api/tdb/pression/panier',
      {
        schema: {
          tags,
          summary: 'Met les opérateurs choisis dans le panier',
          body: z.object({
            personneMoraleIds: z
              .array(z.string().regex(/^\d{1,15}$/))
              .min(1)
              .max(2000),
          }),
          response: { 200: panierAjoutSchema },
        },
      },
      (request) => service.versPanier(request.acteur, request.body.personneMoraleIds),
    );
  };
}
