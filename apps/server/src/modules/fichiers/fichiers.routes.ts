import type { FastifyInstance } from 'fastify';
import type { TypeDocument } from '@estive/domain';
import { routeur } from '../../lib/route';
import { entetesFichier } from '../../lib/type-fichier';
import type { FichiersService } from './fichiers.service';

/** What Estive itself generates: the only files a browser may open in place (issue 28 item 7). */
const PROPRES: readonly TypeDocument[] = ['RAPPORT_AUDIT', 'PLANNING', 'AVIS_PASSAGE'];

export function fichiersRoutes(service: FichiersService) {
  return async function register(app: FastifyInstance) {
    routeur(app, ['fichiers'])('GET /api/fichier/{id}', async ({ acteur, params }, reply) => {
      const f = await service.lire(acteur, params.id);
      // The type its bytes have, not the one stored from the sender's word; uploads download.
      return reply
        .headers(entetesFichier(f.contenu, f.fileName, PROPRES.includes(f.typeDocument)))
        .header('etag', `"${f.sha256}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(f.contenu);
    });
  };
}
