import type { FastifyInstance } from 'fastify';
import { entetesFichier } from '../../lib/type-fichier';
import { routeur } from '../../lib/route';
import type { PrincipalService } from './principal.service';

export function principalRoutes(service: PrincipalService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['principal']);
    route('GET /api/principal', (request) => service.principal(request.acteur), {
      config: { motDePasseTemporaire: true },
    });
    route('GET /api/principal/filters', (request) => service.filters(request.acteur));
    route('GET /api/principal/auditeurs', (request) => service.auditeurs(request.acteur));
  };
}

/** ODG logos are public: an <img> cannot send a bearer token, and a logo is no secret. */
export function logoRoutes(service: PrincipalService) {
  return async function register(app: FastifyInstance) {
    routeur(app, ['principal'])('GET /api/organisme/{id}/logo', async (request, reply) => {
      const logo = await service.logo(request.params.id);
      return reply
        .headers(entetesFichier(logo.contenu, 'logo'))
        .header('cache-control', 'private, max-age=86400')
        .header('etag', `"${logo.sha256}"`)
        .send(logo.contenu);
    });
  };
}
