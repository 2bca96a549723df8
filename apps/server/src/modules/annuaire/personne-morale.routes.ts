import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  anonymisationQuerySchema,
  anonymisationReponseSchema,
  contactEcritureSchema,
  existantQuerySchema,
  ficheMoraleSchema,
  idParamsSchema,
  idReponseSchema,
  operateursCourtsSchema,
  personneMoraleEcritureSchema,
  personneMoralePageSchema,
  personneMoralePatchSchema,
  personneMoraleRechercheSchema,
  siteEcritureSchema,
  texteRechercheSchema,
  triSchema,
  personneMoraleFiltresSchema,
} from '@estive/contracts';
import { envoyerXlsx, xlsxEnFlux } from '../../lib/xlsx';
import { COLONNES_OPERATEURS } from './exports';
import type { PersonneMoraleService } from './personne-morale.service';

const tags = ['annuaire'];
const fichierXlsx =
  'Réponse : fichier XLSX (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet), écrit au fil de la lecture.';

export function personneMoraleRoutes(service: PersonneMoraleService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/personne-morale',
      {
        schema: {
          tags,
          summary: 'Recherche paginée des opérateurs du périmètre',
          querystring: personneMoraleRechercheSchema,
          response: { 200: personneMoralePageSchema },
        },
      },
      (req) => {
        const { page, size, sort, ...filtres } = req.query;
        return service.rechercher(req.acteur, filtres, { page, size, sort });
      },
    );
    r.get(
      '/api/personne-morale/export',
      {
        schema: {
          tags,
          summary: 'Export XLSX de la recherche des opérateurs (mêmes filtres)',
          description: fichierXlsx,
          querystring: personneMoraleFiltresSchema.extend({ sort: triSchema }),
        },
      },
      async (req, reply) => {
        const { sort, ...filtres } = req.query;
        const lignes = service.exporter(req.acteur, filtres, sort);
        return envoyerXlsx(
          reply,
          'operateurs',
          await xlsxEnFlux('Opérateurs', COLONNES_OPERATEURS, lignes),
        );
      },
    );
    for (const [chemin, habilites] of [
      ['/api/personne-morale/autocomplete', false],
      ['/api/personne-morale/recherche/petit', false],
      ['/api/personne-morale/recherche/operateurs', true],
    ] as const) {
      r.get(
        chemin,
        {
          schema: {
            tags,
            summary: habilites
              ? 'Opérateurs habilités (VALIDEE) du périmètre par raison sociale, SIRET, EDE ou PACAGE'
              : 'Opérateurs du périmètre par raison sociale, SIRET, EDE ou PACAGE (20 au plus)',
            querystring: texteRechercheSchema,
            response: { 200: operateursCourtsSchema },
          },
        },
        (req) => service.courts(req.acteur, req.query.q, req.query.aop, habilites),
      );
    }
    r.get(
      '/api/personne-morale/recherche/existant',
      {
        schema: {
          tags,
          summary: 'Doublons par SIRET ou EDE avant une création (tous périmètres)',
          querystring: existantQuerySchema,
          response: { 200: operateursCourtsSchema },
        },
      },
      (req) => service.existants(req.acteur, req.query.siret, req.query.ede),
    );
    r.get(
      '/api/personne-morale/:id/sites',
      {
        schema: { tags, params: idParamsSchema, response: { 200: ficheMoraleSchema.shape.sites } },
      },
      (req) => service.sites(req.acteur, req.params.id),
    );
    r.post(
      '/api/personne-morale/:id/sites',
      {
        schema: {
          tags,
          summary: "Ajoute un site à l'opérateur",
          params: idParamsSchema,
          body: siteEcritureSchema,
          response: { 201: idReponseSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.ajouterSite(req.acteur, req.params.id, req.body)),
    );
    r.post(
      '/api/personne-morale',
      {
        schema: {
          tags,
          summary: 'Crée un opérateur (409 si le SIRET existe)',
          body: personneMoraleEcritureSchema,
          response: { 201: idReponseSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await service.creer(req.acteur, req.body)),
    );
    r.patch(
      '/api/personne-morale/:id',
      {
        schema: {
          tags,
          summary: 'Modifie un opérateur du périmètre',
          params: idParamsSchema,
          body: personneMoralePatchSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.modifier(req.acteur, req.params.id, req.body),
    );
    r.post(
      '/api/personne-morale/anonymisation/:id',
      {
        schema: {
          tags,
          summary:
            "Anonymisation RGPD d'un opérateur (409 pendant la durée de conservation, sauf force par le CNAOL)",
          params: idParamsSchema,
          querystring: anonymisationQuerySchema,
          response: { 200: anonymisationReponseSchema },
        },
      },
      (req) => service.anonymiser(req.acteur, req.params.id, req.query.force),
    );
    r.get(
      '/api/fiche/morale/:id',
      {
        schema: {
          tags,
          summary: "Fiche d'un opérateur",
          params: idParamsSchema,
          response: { 200: ficheMoraleSchema },
        },
      },
      (req) => service.fiche(req.acteur, req.params.id),
    );
    r.post(
      '/api/fonction',
      {
        schema: {
          tags,
          summary: 'Lie un contact (personne et fonction) à un opérateur',
          body: contactEcritureSchema,
          response: { 201: idReponseSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.ajouterContact(req.acteur, req.body)),
    );
  };
}
