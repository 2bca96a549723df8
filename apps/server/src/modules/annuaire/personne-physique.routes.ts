import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  anonymisationQuerySchema,
  anonymisationReponseSchema,
  contactsPhysiquesSchema,
  filtreTexteSchema,
  idParamsSchema,
  idReponseSchema,
  pageTriQuerySchema,
  personnePhysiqueEcritureSchema,
  personnePhysiquePatchSchema,
  personnePhysiquePageSchema,
  personnePhysiqueSchema,
  sansControle,
} from '@estive/contracts';
import type { PersonnePhysiqueService } from './personne-physique.service';

const tags = ['annuaire'];

export function personnePhysiqueRoutes(service: PersonnePhysiqueService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/personne-physique',
      {
        schema: {
          tags,
          summary: 'Recherche paginée des personnes physiques du périmètre',
          querystring: pageTriQuerySchema.extend({
            nom: filtreTexteSchema,
            prenom: filtreTexteSchema,
            mail: filtreTexteSchema,
          }),
          response: { 200: personnePhysiquePageSchema },
        },
      },
      (req) => {
        const { page, size, sort, ...f } = req.query;
        return service.rechercher(req.acteur, f, { page, size, sort });
      },
    );
    r.get(
      '/api/contact/physique/recherche',
      {
        schema: {
          tags,
          summary:
            "Personnes physiques du périmètre à lier comme contact d'un opérateur (nom, prénom ou mail ; 20 au plus)",
          querystring: z.object({ q: z.string().max(100).transform(sansControle) }),
          response: { 200: contactsPhysiquesSchema },
        },
      },
      (req) => service.contacts(req.acteur, req.query.q),
    );
    r.get(
      '/api/fiche/physique/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: personnePhysiqueSchema } } },
      (req) => service.fiche(req.acteur, req.params.id),
    );
    r.post(
      '/api/personne-physique',
      {
        schema: { tags, body: personnePhysiqueEcritureSchema, response: { 201: idReponseSchema } },
      },
      async (req, reply) => reply.status(201).send(await service.creer(req.acteur, req.body)),
    );
    r.patch(
      '/api/personne-physique/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: personnePhysiquePatchSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.modifier(req.acteur, req.params.id, req.body),
    );
    r.post(
      '/api/personne-physique/anonymisation/:id',
      {
        schema: {
          tags,
          summary: "Anonymisation RGPD d'une personne (force : CNAOL seulement)",
          params: idParamsSchema,
          querystring: anonymisationQuerySchema,
          response: { 200: anonymisationReponseSchema },
        },
      },
      (req) => service.anonymiser(req.acteur, req.params.id, req.query.force),
    );
  };
}
