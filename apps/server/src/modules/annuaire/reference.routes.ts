import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activitesAopIgpSchema, communesSchema, referenceListeSchema } from '@estive/contracts';
import type { ReferenceService } from './reference.service';

const tags = ['referentiel'];

export function referenceRoutes(service: ReferenceService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/aop-igp',
      {
        schema: {
          tags,
          summary: "AOP-IGP de l'ODG actif",
          response: { 200: referenceListeSchema },
        },
      },
      (req) => service.aopIgps(req.acteur),
    );
    for (const chemin of ['/api/activite', '/api/profil']) {
      r.get(
        chemin,
        {
          schema: {
            tags,
            summary: 'Activités (profils) des opérateurs',
            response: { 200: referenceListeSchema },
          },
        },
        (req) => service.activites(req.acteur),
      );
    }
    r.get(
      '/api/activiteAopIgp',
      {
        schema: {
          tags,
          summary: "Activités proposées par chaque AOP-IGP de l'ODG",
          response: {
            200: activitesAopIgpSchema,
          },
        },
      },
      (req) => service.activitesAop(req.acteur),
    );
    r.get(
      '/api/commune/autocomplete-enum',
      {
        schema: {
          tags,
          summary: 'Code postal ↔ commune (base officielle La Poste), sans accents ni casse',
          querystring: z.object({ q: z.string().max(100) }),
          response: { 200: communesSchema },
        },
      },
      (req) => service.communes(req.acteur, req.query.q),
    );
  };
}
