import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  organismeIdentiteSchema,
  organismesCertificateursSchema,
} from '@estive/contracts';
import type { OrganismesService } from './organismes.service';

const tags = ['annuaire'];

/** Spec part 2 §7 'Legal entity': `personne-morale/oc` and `personne-morale/odg/{id}`. */
export function organismesRoutes(service: OrganismesService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/personne-morale/oc',
      {
        schema: {
          tags,
          summary: "Organismes certificateurs (OC) des AOP-IGP de l'ODG actif",
          response: { 200: organismesCertificateursSchema },
        },
      },
      (req) => service.oc(req.acteur),
    );
    r.get(
      '/api/personne-morale/odg/:id',
      {
        schema: {
          tags,
          summary: "Identité de l'ODG (celui du droit actif seulement, sinon 404)",
          params: idParamsSchema,
          response: { 200: organismeIdentiteSchema },
        },
      },
      (req) => service.odg(req.acteur, req.params.id),
    );
  };
}
