import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campagneEcritureSchema,
  campagnePatchSchema,
  campagneSchema,
  idParamsParametrageSchema,
} from '@estive/contracts';
import type { CampagnesService } from './campagnes.service';

const tags = ['parametrage'];

export function campagnesRoutes(service: CampagnesService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/campagne',
      {
        schema: {
          tags,
          summary: "Campagnes de l'ODG actif (la plus récente d'abord)",
          response: { 200: z.array(campagneSchema) },
        },
      },
      (req) => service.lister(req.acteur),
    );
    r.post(
      '/api/campagne',
      {
        schema: {
          tags,
          summary: "Crée une campagne de l'ODG actif ; 'courante' retire ce statut aux autres",
          body: campagneEcritureSchema,
          response: { 200: campagneSchema },
        },
      },
      (req) => service.creer(req.acteur, req.body),
    );
    r.patch(
      '/api/campagne/:id',
      {
        schema: {
          tags,
          summary: "Modifie une campagne de l'ODG actif",
          params: idParamsParametrageSchema,
          body: campagnePatchSchema,
          response: { 200: campagneSchema },
        },
      },
      (req) => service.modifier(req.acteur, Number(req.params.id), req.body),
    );
  };
}
