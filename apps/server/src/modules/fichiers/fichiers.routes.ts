import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idNombre } from '@estive/contracts';
import { entetesFichier } from '../../lib/type-fichier';
import type { FichiersService } from './fichiers.service';

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
        // The type its bytes have, not the one stored from the sender's word.
        return reply
          .headers(entetesFichier(f.contenu, f.fileName))
          .header('etag', `"${f.sha256}"`)
          .header('cache-control', 'private, max-age=3600')
          .send(f.contenu);
      },
    );
  };
}
