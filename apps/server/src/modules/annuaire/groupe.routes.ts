import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupeEcritureSchema,
  groupeLigneSchema,
  groupeMembreSchema,
  groupePageSchema,
  idParamSchema,
  idParamsSchema,
  idReponseSchema,
  operateursCourtsSchema,
  pageQuerySchema,
  sansControle,
} from '@estive/contracts';
import { envoyerXlsx, xlsxEnFlux } from '../../lib/xlsx';
import type { GroupeService } from './groupe.service';

const tags = ['annuaire'];
const membreParams = z.object({ id: idParamSchema, personneMoraleId: idParamSchema });

export function groupeRoutes(service: GroupeService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/groupe',
      {
        schema: {
          tags,
          summary: "Groupes d'opérateurs de l'ODG",
          querystring: pageQuerySchema.extend({ libelle: z.string().max(200).optional() }),
          response: { 200: groupePageSchema },
        },
      },
      (req) => service.lister(req.acteur, req.query),
    );
    r.get(
      '/api/groupe/export',
      {
        schema: {
          tags,
          summary: 'Export XLSX des groupes (même filtre libellé que la liste) et de leurs membres',
          querystring: z.object({ libelle: z.string().max(200).optional() }),
        },
      },
      async (req, reply) =>
        envoyerXlsx(
          reply,
          'groupes',
          await xlsxEnFlux(
            'Groupes',
            [
              { titre: 'Groupe', valeur: (l) => l.groupe, largeur: 30 },
              { titre: 'Raison sociale', valeur: (l) => l.raisonSociale, largeur: 36 },
              { titre: 'Siret', valeur: (l) => l.siret, largeur: 16 },
              { titre: 'Code postal', valeur: (l) => l.codePostal },
              { titre: 'Ville', valeur: (l) => l.ville, largeur: 24 },
            ],
            service.exporter(req.acteur, req.query.libelle),
          ),
        ),
    );
    r.get(
      '/api/groupe/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: groupeLigneSchema } } },
      (req) => service.trouver(req.acteur, req.params.id),
    );
    r.post(
      '/api/groupe',
      { schema: { tags, body: groupeEcritureSchema, response: { 201: idReponseSchema } } },
      async (req, reply) =>
        reply.status(201).send(await service.creer(req.acteur, req.body.libelle)),
    );
    r.put(
      '/api/groupe/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: groupeEcritureSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.modifier(req.acteur, req.params.id, req.body.libelle),
    );
    r.delete(
      '/api/groupe/:id',
      { schema: { tags, params: idParamsSchema } },
      async (req, reply) => {
        await service.supprimer(req.acteur, req.params.id);
        return reply.status(204).send();
      },
    );
    r.get(
      '/api/groupe/:id/membres',
      { schema: { tags, params: idParamsSchema, response: { 200: operateursCourtsSchema } } },
      (req) => service.membres(req.acteur, req.params.id),
    );
    r.get(
      '/api/groupe/:id/membre-possible',
      {
        schema: {
          tags,
          params: idParamsSchema,
          querystring: z.object({ q: z.string().max(100).default('') }),
          response: { 200: operateursCourtsSchema },
        },
      },
      (req) => service.membresPossibles(req.acteur, req.params.id, sansControle(req.query.q)),
    );
    r.post(
      '/api/groupe/:id/membre',
      { schema: { tags, params: idParamsSchema, body: groupeMembreSchema } },
      async (req, reply) => {
        await service.ajouterMembre(req.acteur, req.params.id, req.body.personneMoraleId);
        return reply.status(204).send();
      },
    );
    r.delete(
      '/api/groupe/:id/membre/:personneMoraleId',
      { schema: { tags, params: membreParams } },
      async (req, reply) => {
        await service.retirerMembre(req.acteur, req.params.id, req.params.personneMoraleId);
        return reply.status(204).send();
      },
    );
  };
}
