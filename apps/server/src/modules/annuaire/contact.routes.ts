import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { ContactService } from './contact.service';

/** `/api/fonction`: an operator's contacts, linked, corrected and unlinked from its fiche. */
export function contactRoutes(service: ContactService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['annuaire']);
    route('POST /api/fonction', ({ acteur, body }) => service.ajouter(acteur, body));
    route('PATCH /api/fonction/{id}', ({ acteur, params, body }) =>
      service.modifier(acteur, params.id, body),
    );
    route('DELETE /api/fonction/{id}', async ({ acteur, params }) => {
      await service.supprimer(acteur, params.id);
      return null;
    });
  };
}
