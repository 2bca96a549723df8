import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  actionBureauResponseSchema,
  annulationControleRequestSchema,
  changementControleurRequestSchema,
  controleIdParamsSchema,
  creationInopineRequestSchema,
  creationInopineResponseSchema,
} from '@estive/contracts';
import type { ControlesService } from './controles.service';

export function controlesRoutes(service: ControlesService) {
  return async function register(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post(
      '/api/controles/:id/annulation',
      {
        schema: {
          tags: ['controles'],
          summary: 'Le bureau annule un contrôle de son périmètre',
          params: controleIdParamsSchema,
          body: annulationControleRequestSchema,
          response: { 200: actionBureauResponseSchema },
        },
      },
      (request) => service.annuler(request.acteur, Number(request.params.id), request.body.raison),
    );
    api.post(
      '/api/controles/:id/controleur',
      {
        schema: {
          tags: ['controles'],
          summary: 'Le bureau confie un contrôle de son périmètre à un autre contrôleur',
          params: controleIdParamsSchema,
          body: changementControleurRequestSchema,
          response: { 200: actionBureauResponseSchema },
        },
      },
      (request) =>
        service.changerControleur(
          request.acteur,
          Number(request.params.id),
          Number(request.body.controleurId),
        ),
    );
    api.post(
      '/api/controle/inopine',
      {
        schema: {
          tags: ['controles'],
          body: creationInopineRequestSchema,
          response: { 201: creationInopineResponseSchema },
        },
      },
      async (request, reply) => {
        const version = request.headers['x-app-version'];
        const reponse = await service.creerInopine(
          request.acteur,
          request.body,
          typeof version === 'string' ? version : null,
        );
        return reply.status(201).send(reponse);
      },
    );
  };
}
