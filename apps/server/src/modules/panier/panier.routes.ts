import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  operateurPageSchema,
  operateurRechercheQuerySchema,
  pageQuerySchema,
  panierAjoutRequestSchema,
  panierAjoutResponseSchema,
  panierInformationsQuerySchema,
  panierInformationsResponseSchema,
  panierPageSchema,
  panierTailleSchema,
  personneMoraleParamsSchema,
} from '@estive/contracts';
import type { PanierService } from './panier.service';

export function panierRoutes(service: PanierService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/panier',
      {
        schema: {
          tags: ['panier'],
          querystring: pageQuerySchema,
          response: { 200: panierPageSchema },
        },
      },
      (request) => service.lister(request.acteur, request.query.page, request.query.size),
    );
    r.get(
      '/api/panier/taille',
      { schema: { tags: ['panier'], response: { 200: panierTailleSchema } } },
      (request) => service.taille(request.acteur),
    );
    r.get(
      '/api/panier/recherche',
      {
        schema: {
          tags: ['panier'],
          description:
            "Opérateurs du périmètre (recherche sans accents ni casse, SIRET avec ou sans espaces) ; 'exclus' écarte les identifiants déjà choisis.",
          querystring: operateurRechercheQuerySchema,
          response: { 200: operateurPageSchema },
        },
      },
      (request) => service.rechercher(request.acteur, request.query),
    );
    r.get(
      '/api/panier/informations',
      {
        schema: {
          tags: ['panier'],
          description:
            'Informations des opérateurs du périmètre pour préparer leurs contrôles (sites, appellations et activités habilitées, documents DI et rapports).',
          querystring: panierInformationsQuerySchema,
          response: { 200: panierInformationsResponseSchema },
        },
      },
      (request) => service.informations(request.acteur, request.query.ids),
    );
    r.post(
      '/api/panier',
      {
        schema: {
          tags: ['panier'],
          body: panierAjoutRequestSchema,
          response: { 200: panierAjoutResponseSchema },
        },
      },
      (request) => service.ajouter(request.acteur, request.body.personneMoraleIds),
    );
    r.delete(
      '/api/panier/:personneMoraleId',
      { schema: { tags: ['panier'], params: personneMoraleParamsSchema } },
      async (request, reply) => {
        await service.retirer(request.acteur, request.params.personneMoraleId);
        return reply.status(204).send();
      },
    );
  };
}
