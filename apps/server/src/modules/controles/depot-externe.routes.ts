import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditeurSuggestionSchema,
  depotExterneOdgSchema,
  depotExterneRequestSchema,
  depotExterneResponseSchema,
  idParamsSchema,
  manquementExistantSuggestionSchema,
  operateurSuggestionSchema,
  pointSuggestionSchema,
  rechercheAopQuerySchema,
} from '@estive/contracts';
import type { DepotExterneService } from './depot-externe.service';

const tags = ['controles'];

/** External deposit and its autocompletes (CNAOL and ANIMATEUR, active perimeter). */
export function depotExterneRoutes(service: DepotExterneService) {
  return async function register(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/api/controle/depotExterne/odg/:id',
      {
        schema: {
          tags,
          summary: 'Ce que le formulaire de dépôt externe présente pour un ODG',
          params: idParamsSchema,
          response: { 200: depotExterneOdgSchema },
        },
      },
      (request) => service.odg(request.acteur, request.params.id),
    );
    api.post(
      '/api/controle/depotExterne',
      {
        schema: {
          tags,
          summary: 'Dépôt de contrôles externes (et de leurs manquements)',
          body: depotExterneRequestSchema,
          response: { 201: depotExterneResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.deposer(request.acteur, request.body)),
    );
    api.get(
      '/api/controle/depotExterne/operateurs',
      {
        schema: {
          tags,
          summary: "Opérateurs habilités pour l'AOP-IGP (autocomplétion)",
          querystring: rechercheAopQuerySchema,
          response: { 200: z.array(operateurSuggestionSchema) },
        },
      },
      (request) =>
        service.operateurs(request.acteur, Number(request.query.aopIgpId), request.query.q),
    );
    api.get(
      '/api/controle/depotExterne/auditeurs',
      {
        schema: {
          tags,
          summary: "Auditeurs de l'ODG et de ses organismes certificateurs (autocomplétion)",
          querystring: rechercheAopQuerySchema,
          response: { 200: z.array(auditeurSuggestionSchema) },
        },
      },
      (request) => service.auditeurs(request.acteur, request.query.q),
    );
    api.get(
      '/api/controle/depotExterne/points',
      {
        schema: {
          tags,
          summary: "Points de contrôle de l'AOP-IGP (autocomplétion)",
          querystring: rechercheAopQuerySchema,
          response: { 200: z.array(pointSuggestionSchema) },
        },
      },
      (request) => service.points(request.acteur, Number(request.query.aopIgpId), request.query.q),
    );
    api.get(
      '/api/controle/depotExterne/manquements',
      {
        schema: {
          tags,
          summary: "Manquements existants de l'opérateur pour l'AOP-IGP",
          querystring: rechercheAopQuerySchema.extend({
            personneMoraleId: z.string().regex(/^\d{1,15}$/),
          }),
          response: { 200: z.array(manquementExistantSuggestionSchema) },
        },
      },
      (request) =>
        service.manquements(
          request.acteur,
          Number(request.query.aopIgpId),
          Number(request.query.personneMoraleId),
        ),
    );
  };
}
