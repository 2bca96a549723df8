import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema, panierPageSchema } from '@estive/contracts';
import type { PanierService } from './panier.service';

export function panierRoutes(service: PanierService) {
  return async function register(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
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
  };
}
