import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  controleurPageSchema,
  controleurQuerySchema,
  tourneeAjouteRequestSchema,
  tourneeControleurRequestSchema,
  tourneeCreationRapideRequestSchema,
  tourneeDashboardPageSchema,
  tourneeIdResponseSchema,
  tourneeLightPageSchema,
  tourneeLightQuerySchema,
  tourneeListeQuerySchema,
  tourneePageSchema,
  tourneeParamsSchema,
  tourneeSauvegardeRequestSchema,
  tourneeSchema,
  tourneeSupprimeRequestSchema,
} from '@estive/contracts';
import type { TourneesService } from './tournees.service';

const tags = ['tournee'];

/** The rounds area (spec part 1 §7): programming by the office, read by the controller. */
export function tourneesRoutes(service: TourneesService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const rond = { 200: tourneeSchema };

    r.get(
      '/api/tournee',
      {
        schema: {
          tags,
          description:
            'Tournées du périmètre, paginées ; statuts par défaut PREPARATION, ATTENTE_SYNCHRO, SYNCHRONISE.',
          querystring: tourneeListeQuerySchema,
          response: { 200: tourneePageSchema },
        },
      },
      (request) => service.lister(request.acteur, request.query),
    );
    r.get(
      '/api/tournee/light',
      {
        schema: {
          tags,
          description: 'Liste légère des tournées ; statut par défaut PREPARATION.',
          querystring: tourneeLightQuerySchema,
          response: { 200: tourneeLightPageSchema },
        },
      },
      (request) => service.light(request.acteur, request.query),
    );
    r.get(
      '/api/tournee/dashboard',
      {
        schema: {
          tags,
          description: 'Tableau de programmation : les tournées et leurs contrôles (sous-tableau).',
          querystring: tourneeListeQuerySchema,
          response: { 200: tourneeDashboardPageSchema },
        },
      },
      (request) => service.dashboard(request.acteur, request.query),
    );
    r.get(
      '/api/tournee/:id',
      { schema: { tags, params: tourneeParamsSchema, response: rond } },
      (request) => service.trouver(request.acteur, request.params.id),
    );
    r.post(
      '/api/tournee/initialise',
      {
        schema: {
          tags,
          description: 'Crée une tournée en préparation pour le périmètre actif.',
          body: tourneeControleurRequestSchema,
          response: { 200: tourneeIdResponseSchema },
        },
      },
      (request) => service.initialiser(request.acteur, request.body.controleurId),
    );
    r.post(
      '/api/tournee/creation-rapide',
      {
        schema: {
          tags,
          description:
            "Crée une tournée en préparation avec les contrôles d'un ou plusieurs opérateurs.",
          body: tourneeCreationRapideRequestSchema,
          response: rond,
        },
      },
      (request) =>
        service.creationRapide(
          request.acteur,
          request.body.controleurId,
          request.body.operateurControles,
        ),
    );
    r.put(
      '/api/tournee/:id/modifie',
      {
        schema: {
          tags,
          description:
            'Change le contrôleur (PREPARATION ou ATTENTE_SYNCHRO : les contrôles suivent, l’appareil du précédent les retire).',
          params: tourneeParamsSchema,
          body: tourneeControleurRequestSchema,
          response: rond,
        },
      },
      (request) => service.modifier(request.acteur, request.params.id, request.body.controleurId),
    );
    r.post(
      '/api/tournee/:id/ajoute',
      {
        schema: {
          tags,
          description:
            "Ajoute ou modifie les contrôles d'un opérateur ; erreurs de champ date[{id}], controles[i].siteId, controles[i].niveau, controles[i].activiteAopIgpIds, controles[i].documents.",
          params: tourneeParamsSchema,
          body: tourneeAjouteRequestSchema,
          response: rond,
        },
      },
      (request) => service.ajouter(request.acteur, request.params.id, request.body),
    );
    r.post(
      '/api/tournee/:id/supprime',
      {
        schema: {
          tags,
          params: tourneeParamsSchema,
          body: tourneeSupprimeRequestSchema,
          response: rond,
        },
      },
      (request) => service.supprimer(request.acteur, request.params.id, request.body.controleIds),
    );
    r.put(
      '/api/tournee/:id/sauvegarde',
      {
        schema: {
          tags,
          description: 'Sauvegarde le panier et les contrôles non validés de la tournée.',
          params: tourneeParamsSchema,
          body: tourneeSauvegardeRequestSchema,
          response: rond,
        },
      },
      (request) => service.sauvegarder(request.acteur, request.params.id, request.body),
    );
    r.post(
      '/api/tournee/:id/finalise',
      {
        schema: {
          tags,
          description:
            "Finalise la tournée (ATTENTE_SYNCHRO) : planning de contrôle et avis de passage produits, envoyée à l'appareil du contrôleur.",
          params: tourneeParamsSchema,
          response: rond,
        },
      },
      (request) => service.finaliser(request.acteur, request.params.id),
    );
    r.get(
      '/api/personne-physique/controleur',
      {
        schema: {
          tags: ['personne-physique'],
          description:
            'Contrôleurs du périmètre (comptes actifs ROLE_CONTROLEUR ayant un droit sur l’ODG).',
          querystring: controleurQuerySchema,
          response: { 200: controleurPageSchema },
        },
      },
      (request) => service.controleurs(request.acteur, request.query),
    );
  };
}
