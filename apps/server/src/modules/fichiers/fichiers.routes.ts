import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idNombre } from '@estive/contracts';
import type { TypeDocument } from '@estive/domain';
import { entetesFichier } from '../../lib/type-fichier';
import type { FichiersService } from './fichiers.service';

/** What Estive itself generates: the only files a browser may open in place (issue 28 item 7). */
const PROPRES: readonly TypeDocument[] = ['RAPPORT_AUDIT', 'PLANNING', 'AVIS_PASSAGE'];

export function fichiersRoutes(service: FichiersService) {
  return async function register(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/fichier/:id',
      {
        schema: {
          tags: ['fichiers'],
          summary: "Contenu d'un fichier du périmètre (DI, rapport, planning, avis de passage)",
          params: z.object({ id: idNombre() }),
        },
      },
      async (request, reply) => {
        const f = await service.lire(request.acteur, request.params.id);
        // The type its bytes have, not the one stored from the sender's word; uploads download.
        return reply
          .headers(entetesFichier(f.contenu, f.fileName, PROPRES.includes(f.typeDocument)))
          .header('etag', `"${f.sha256}"`)
          .header('cache-control', 'private, max-age=3600')
          .send(f.contenu);
      },
    );
  };
}
