import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { SiteService } from './site.service';

export function siteRoutes(service: SiteService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['annuaire']);
    route('POST /api/personne-morale/{id}/sites', ({ acteur, params, body }) =>
      service.ajouter(acteur, params.id, body),
    );
    route('PATCH /api/personne-morale/{id}/sites/{siteId}', ({ acteur, params, body }) =>
      service.modifier(acteur, params.id, params.siteId, body),
    );
    route('DELETE /api/personne-morale/{id}/sites/{siteId}', async ({ acteur, params }) => {
      await service.supprimer(acteur, params.id, params.siteId);
      return null;
    });
  };
}
