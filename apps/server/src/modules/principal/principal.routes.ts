import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entetesFichier } from '../../lib/type-fichier';
import {
  auditeursSchema,
  idNombre,
  principalFiltersSchema,
  principalSchema,
} from '@estive/contracts';
import type { PrincipalService } from './principal.service';

export function principalRoutes(service: PrincipalService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/principal',
      {
        config: { motDePasseTemporaire: true },
        schema: { tags: ['principal'], response: { 200: principalSchema } },
      },
      (request) => service.principal(request.acteur),
    );
    r.get(
      '/api/principal/filters',
      { schema: { tags: ['principal'], response: { 200: principalFiltersSchema } } },
      (request) => service.filters(request.acteur),
    );
    r.get(
      '/api/principal/auditeurs',
      { schema: { tags: ['principal'], response: { 200: auditeursSchema } } },
      (request) => service.auditeurs(request.acteur),
    );
  };
}

/** ODG logos are public: an <img> cannot send a bearer token, and a logo is no secret. */
export function logoRoutes(service: PrincipalService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/organisme/:id/logo',
      {
        schema: {
          tags: ['principal'],
          params: z.object({ id: idNombre() }),
        },
      },
      async (request, reply) => {
        const logo = await service.logo(request.params.id);
        return reply
          .headers(entetesFichier(logo.contenu, 'logo'))
          .header('cache-control', 'private, max-age=86400')
          .header('etag', `"${logo.sha256}"`)
          .send(logo.contenu);
      },
    );
  };
}
