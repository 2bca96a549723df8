import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  manquementCommentaireRequestSchema,
  manquementDetailSchema,
  manquementManuelRequestSchema,
  parametrageTdbSchema,
  suiviOperateurSchema,
  tdbControlePageSchema,
  tdbControleQuerySchema,
  tdbControleStatistiquesSchema,
  tdbManquementPageSchema,
  tdbManquementQuerySchema,
  tdbManquementStatistiquesSchema,
} from '@estive/contracts';
import { envoyerXlsx } from '../../lib/xlsx';
import type { TableauDeBordService } from './tableau-de-bord.service';

const tags = ['tableau-de-bord'];

/** `/api/tdb/...`: the office's dashboards (spec part 1 §2 route `tdb`, part 2 §7). */
export function tableauDeBordRoutes(service: TableauDeBordService) {
  return async function register(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/api/tdb/controle',
      {
        schema: {
          tags,
          summary: 'Contrôles du périmètre (internes et externes)',
          querystring: tdbControleQuerySchema,
          response: { 200: tdbControlePageSchema },
        },
      },
      (request) => {
        const { page, size, ...filtres } = request.query;
        return service.controles(request.acteur, filtres, page, size);
      },
    );
    api.get(
      '/api/tdb/controle/export',
      {
        schema: {
          tags,
          summary: 'Export XLSX des contrôles, mêmes filtres',
          querystring: tdbControleQuerySchema.omit({ page: true, size: true }),
        },
      },
      async (request, reply) =>
        envoyerXlsx(
          reply,
          'controles',
          await service.exportControles(request.acteur, request.query),
        ),
    );
    api.get(
      '/api/tdb/manquement',
      {
        schema: {
          tags,
          summary: 'Manquements du périmètre',
          querystring: tdbManquementQuerySchema,
          response: { 200: tdbManquementPageSchema },
        },
      },
      (request) => {
        const { page, size, ...filtres } = request.query;
        return service.manquements(request.acteur, filtres, page, size);
      },
    );
    api.get(
      '/api/tdb/manquement/export',
      {
        schema: {
          tags,
          summary: 'Export XLSX des manquements, mêmes filtres',
          querystring: tdbManquementQuerySchema.omit({ page: true, size: true }),
        },
      },
      async (request, reply) =>
        envoyerXlsx(
          reply,
          'manquements',
          await service.exportManquements(request.acteur, request.query),
        ),
    );
    api.get(
      '/api/tdb/controle/statistiques',
      {
        schema: {
          tags,
          summary: 'Résultats par mois des contrôles, mêmes filtres',
          querystring: tdbControleQuerySchema.omit({ page: true, size: true, sort: true }),
          response: { 200: tdbControleStatistiquesSchema },
        },
      },
      (request) => service.statistiquesControles(request.acteur, request.query),
    );
    api.get(
      '/api/tdb/manquement/statistiques',
      {
        schema: {
          tags,
          summary: 'Manquements par catégorie et gravité, mêmes filtres',
          querystring: tdbManquementQuerySchema.omit({ page: true, size: true, sort: true }),
          response: { 200: tdbManquementStatistiquesSchema },
        },
      },
      (request) => service.statistiquesManquements(request.acteur, request.query),
    );
    api.post(
      '/api/tdb/manquement/manuelle',
      {
        schema: {
          tags,
          summary: 'Manquement saisi manuellement par le bureau',
          body: manquementManuelRequestSchema,
          response: { 201: manquementDetailSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.creerManuel(request.acteur, request.body)),
    );
    api.get(
      '/api/tdb/manquement/:id',
      {
        schema: {
          tags,
          summary: 'Un manquement : historique, mesures, contrôle d’origine, précédents',
          params: idParamsSchema,
          response: { 200: manquementDetailSchema },
        },
      },
      (request) => service.manquement(request.acteur, request.params.id),
    );
    api.post(
      '/api/tdb/manquement/:id/commentaire',
      {
        schema: {
          tags,
          summary: "Changement d'état et commentaire du bureau (journalisés)",
          params: idParamsSchema,
          body: manquementCommentaireRequestSchema,
          response: { 200: manquementDetailSchema },
        },
      },
      (request) => service.commenter(request.acteur, request.params.id, request.body),
    );
    api.get(
      '/api/tdb/suivi/:id',
      {
        schema: {
          tags,
          summary: "Suivi d'un opérateur : contrôles et manquements dans le temps",
          params: idParamsSchema,
          response: { 200: suiviOperateurSchema },
        },
      },
      (request) => service.suivi(request.acteur, request.params.id),
    );
    api.get(
      '/api/tdb/parametrage-tdb',
      {
        schema: {
          tags,
          summary: "Paramétrage des tableaux de bord de l'utilisateur",
          response: { 200: parametrageTdbSchema },
        },
      },
      (request) => service.parametrage(request.acteur),
    );
    api.put(
      '/api/tdb/parametrage-tdb',
      {
        schema: {
          tags,
          summary: "Enregistre le paramétrage des tableaux de bord de l'utilisateur",
          body: parametrageTdbSchema,
          response: { 200: parametrageTdbSchema },
        },
      },
      (request) => service.enregistrerParametrage(request.acteur, request.body),
    );
  };
}
