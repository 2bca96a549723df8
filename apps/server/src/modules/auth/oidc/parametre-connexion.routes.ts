import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, parametreConnexionSchema } from '@estive/contracts';
import type { OidcService } from './oidc.service';

/** Settings, 'Connexion' (CNAOL): require the identity provider for office roles. Authenticated. */
export function parametreConnexionRoutes(service: OidcService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/parametrage/connexion',
      { schema: { tags: ['parametrage'], response: { 200: parametreConnexionSchema } } },
      (request) => service.parametreConnexion(request.acteur),
    );
    r.put(
      '/api/parametrage/connexion',
      {
        schema: {
          tags: ['parametrage'],
          body: parametreConnexionSchema,
          response: { 200: parametreConnexionSchema, 409: errorResponseSchema },
        },
      },
      (request) =>
        service.definirParametreConnexion(request.acteur, request.body.federationObligatoireBureau),
    );
  };
}
