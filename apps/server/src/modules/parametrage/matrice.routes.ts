import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, matriceEcritureSchema, matriceSchema } from '@estive/contracts';
import type { MatriceService } from './matrice.service';

const tags = ['parametrage'];

/** `/api/categorie-activite/matrice`: the active ODG's category × activity matrix. */
export function matriceRoutes(service: MatriceService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/categorie-activite/matrice',
      {
        schema: {
          tags,
          summary: "Matrice catégories × activités de l'ODG actif",
          response: { 200: matriceSchema, 403: errorResponseSchema },
        },
      },
      (req) => service.lire(req.acteur),
    );
    r.put(
      '/api/categorie-activite/matrice',
      {
        schema: {
          tags,
          summary: "Remplace la matrice de l'ODG actif (liens catégorie – activité)",
          body: matriceEcritureSchema,
          response: { 200: matriceSchema, 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      (req) => service.ecrire(req.acteur, req.body),
    );
  };
}
