import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changementMotDePasseSchema,
  droitCreationSchema,
  droitCreeSchema,
  errorResponseSchema,
  idNombre,
  idUtilisateurParamsSchema,
  importComptesQuerySchema,
  importComptesReponseSchema,
  utilisateurCreationSchema,
  utilisateurCreeSchema,
  utilisateurModificationSchema,
  utilisateurPageSchema,
  utilisateurQuerySchema,
} from '@estive/contracts';
import { invalid } from '../../lib/errors';
import { lireFormulaireFichier } from '../../lib/formulaire-fichier';
import type { ComptesService } from './comptes.service';

const tags = ['comptes'];
const erreurs = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const idDroitParams = z.object({ id: idNombre() });

/** The file part `fichier` of a multipart request (at most 5,000,000 bytes: 413 beyond). */
async function lireFichier(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid('Envoyez le fichier en multipart (partie « fichier »)');
  const { fichier } = await lireFormulaireFichier(request, 'fichier');
  if (!fichier || fichier.contenu.length === 0) throw invalid('Aucun fichier reçu');
  return fichier.contenu;
}

export function comptesRoutes(service: ComptesService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/utilisateur',
      {
        schema: {
          tags,
          summary: 'Comptes ayant un droit sur l’ODG du périmètre',
          querystring: utilisateurQuerySchema,
          response: { 200: utilisateurPageSchema, 403: errorResponseSchema },
        },
      },
      (request) => service.lister(request.acteur, request.query),
    );
    r.post(
      '/api/utilisateur',
      {
        schema: {
          tags,
          summary: 'Crée un compte (mot de passe temporaire, invitation par mail)',
          body: utilisateurCreationSchema,
          response: {
            201: utilisateurCreeSchema,
            ...erreurs,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.creer(request.acteur, request.body)),
    );
    r.post(
      '/api/utilisateur/import',
      {
        schema: {
          tags,
          summary:
            'Création en masse depuis un CSV ou un XLSX (partie « fichier ») ; simulation=true : rien n’est écrit',
          consumes: ['multipart/form-data'],
          querystring: importComptesQuerySchema,
          response: { 200: importComptesReponseSchema, ...erreurs, 413: errorResponseSchema },
        },
      },
      async (request) =>
        service.importer(request.acteur, await lireFichier(request), request.query.simulation),
    );
    r.patch(
      '/api/utilisateur/:id',
      {
        schema: {
          tags,
          summary: 'Modifie un compte (nom, prénom, rôle, ODG)',
          params: idUtilisateurParamsSchema,
          body: utilisateurModificationSchema,
          response: { 204: z.null(), ...erreurs },
        },
      },
      async (request, reply) => {
        await service.modifier(request.acteur, Number(request.params.id), request.body);
        return reply.status(204).send(null);
      },
    );
    for (const [suffixe, actif] of [
      ['desactivation', false],
      ['reactivation', true],
    ] as const) {
      r.post(
        `/api/utilisateur/:id/${suffixe}`,
        {
          schema: {
            tags,
            summary: actif
              ? 'Réactive un compte'
              : 'Désactive un compte : ses sessions sont révoquées immédiatement',
            params: idUtilisateurParamsSchema,
            response: { 204: z.null(), ...erreurs },
          },
        },
        async (request, reply) => {
          await service.definirActif(request.acteur, Number(request.params.id), actif);
          return reply.status(204).send(null);
        },
      );
    }
    for (const genre of ['morale', 'controlleur'] as const) {
      r.post(
        `/api/droits/${genre}`,
        {
          schema: {
            tags,
            summary: `Donne à un compte ${genre === 'morale' ? 'du bureau' : 'de contrôleur'} un droit sur l’ODG du périmètre`,
            body: droitCreationSchema,
            response: { 201: droitCreeSchema, ...erreurs },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(
              await service.ajouterDroit(request.acteur, genre, Number(request.body.utilisateurId)),
            ),
      );
      r.delete(
        `/api/droits/${genre}/:id`,
        {
          schema: {
            tags,
            summary: 'Retire un droit sur l’ODG du périmètre',
            params: idDroitParams,
            response: { 204: z.null(), ...erreurs },
          },
        },
        async (request, reply) => {
          await service.retirerDroit(request.acteur, genre, request.params.id);
          return reply.status(204).send(null);
        },
      );
    }
    r.post(
      '/api/principal/mot-de-passe',
      {
        // The one call, with GET /api/principal, that a temporary password allows.
        config: { motDePasseTemporaire: true },
        schema: {
          tags: ['principal'],
          summary: 'Change son propre mot de passe (obligatoire après un mot de passe temporaire)',
          body: changementMotDePasseSchema,
          response: { 204: z.null(), 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await service.changerMotDePasse(request.acteur, request.body);
        return reply.status(204).send(null);
      },
    );
  };
}
