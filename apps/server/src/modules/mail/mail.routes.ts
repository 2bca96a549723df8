import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { AvisDePassageService } from './avis-de-passage.service';

export function mailRoutes(service: AvisDePassageService) {
  return async function register(app: FastifyInstance) {
    routeur(app, ['mail'])('POST /api/mail/avis-de-passage/{controleId}', ({ acteur, params }) =>
      service.envoyer(acteur, params.controleId),
    );
  };
}
