import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { ModelesService } from './modeles.service';

/** `/api/modele-document`: the active ODG's document templates, their check and their preview. */
export function modelesRoutes(service: ModelesService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['parametrage']);
    route('GET /api/modele-document', ({ acteur }) => service.lister(acteur));
    route('PUT /api/modele-document', async ({ acteur, body }) => {
      await service.enregistrer(acteur, body);
      return null;
    });
    route('POST /api/modele-document/retablissement', async ({ acteur, body }) => {
      await service.retablir(acteur, body.type);
      return null;
    });
    route('POST /api/modele-document/apercu', async ({ acteur, body }, reply) => {
      const pdf = await service.apercu(acteur, body);
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': 'inline; filename="apercu.pdf"',
          'x-content-type-options': 'nosniff',
        })
        .send(pdf);
    });
  };
}
