import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avisPassageReponseSchema, errorResponseSchema, idNombre } from '@estive/contracts';
import type { AvisDePassageService } from './avis-de-passage.service';

export function mailRoutes(service: AvisDePassageService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/mail/avis-de-passage/:controleId',
      {
        schema: {
          tags: ['mail'],
          summary: "Envoie l'avis de passage d'un contrôle programmé à l'opérateur",
          params: z.object({ controleId: idNombre() }),
          response: {
            200: avisPassageReponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const r2 = await service.envoyer(request.acteur, request.params.controleId);
        return {
          resultat: r2.resultat === 'ENVOYE' ? 'ENVOYE' : 'JOURNAL',
          message: r2.message,
        } as const;
      },
    );
  };
}
