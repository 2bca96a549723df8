import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  modeleDocumentSchema,
  modeleEcritureSchema,
  typeModeleSchema,
} from '@estive/contracts';
import type { ModelesService } from './modeles.service';

const tags = ['parametrage'];
const erreurs = { 400: errorResponseSchema, 403: errorResponseSchema };

/** `/api/modele-document`: the active ODG's document templates, their check and their preview. */
export function modelesRoutes(service: ModelesService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/modele-document',
      {
        schema: {
          tags,
          summary:
            "Modèles de documents de l'ODG actif (avis de passage, planning, courrier de notification)",
          response: { 200: z.array(modeleDocumentSchema), 403: errorResponseSchema },
        },
      },
      (req) => service.lister(req.acteur),
    );
    r.put(
      '/api/modele-document',
      {
        schema: {
          tags,
          summary: 'Enregistre le modèle (champs {{…}} vérifiés : 400 sur le champ objet ou corps)',
          body: modeleEcritureSchema,
          response: { 204: z.null(), ...erreurs },
        },
      },
      async (req, reply) => {
        await service.enregistrer(req.acteur, req.body);
        return reply.status(204).send(null);
      },
    );
    r.post(
      '/api/modele-document/retablissement',
      {
        schema: {
          tags,
          summary: 'Rétablit le modèle par défaut',
          body: typeModeleSchema,
          response: { 204: z.null(), ...erreurs },
        },
      },
      async (req, reply) => {
        await service.retablir(req.acteur, req.body.type);
        return reply.status(204).send(null);
      },
    );
    r.post(
      '/api/modele-document/apercu',
      {
        schema: {
          tags,
          summary: "Aperçu PDF d'un modèle (enregistré ou non) sur des valeurs d'exemple",
          body: modeleEcritureSchema,
          produces: ['application/pdf'],
        },
      },
      async (req, reply) => {
        const pdf = await service.apercu(req.acteur, req.body);
        return reply
          .headers({
            'content-type': 'application/pdf',
            'content-disposition': 'inline; filename="apercu.pdf"',
            'x-content-type-options': 'nosniff',
          })
          .send(pdf);
      },
    );
  };
}
