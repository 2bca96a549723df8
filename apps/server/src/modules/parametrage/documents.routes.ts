import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsParametrageSchema,
  referentielEcritureSchema,
  referentielParametrageSchema,
  referentielPatchSchema,
} from '@estive/contracts';
import { invalid } from '../../lib/errors';
import { documentStockable, lireFormulaireFichier } from '../../lib/formulaire-fichier';
import { entetesFichier } from '../../lib/type-fichier';
import type { DocumentsService } from './documents.service';

const tags = ['parametrage'];

/** The one file part `document` (over 5,000,000 bytes the multipart limit answers 413). */
async function lireDocument(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalid('Le fichier est obligatoire');
  const { fichier } = await lireFormulaireFichier(request, 'document');
  if (!fichier || fichier.contenu.length === 0) throw invalid('Le fichier est obligatoire');
  return documentStockable(fichier);
}

export function documentsRoutes(service: DocumentsService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/referentiel',
      {
        schema: {
          tags,
          summary:
            "Documents de référence des AOP-IGP de l'ODG actif (cahier des charges, plan d'inspection)",
          response: { 200: z.array(referentielParametrageSchema) },
        },
      },
      (req) => service.lister(req.acteur),
    );
    r.post(
      '/api/referentiel',
      {
        schema: {
          tags,
          summary: 'Crée un document de référence (version, dates de validité) ; le fichier suit',
          body: referentielEcritureSchema,
          response: { 200: referentielParametrageSchema },
        },
      },
      (req) => service.creer(req.acteur, req.body),
    );
    r.patch(
      '/api/referentiel/:id',
      {
        schema: {
          tags,
          summary: 'Modifie un document de référence (actif : proposé au rapport)',
          params: idParamsParametrageSchema,
          body: referentielPatchSchema,
          response: { 200: referentielParametrageSchema },
        },
      },
      (req) => service.modifier(req.acteur, Number(req.params.id), req.body),
    );
    r.post(
      '/api/referentiel/:id/document',
      {
        schema: {
          tags,
          summary: 'Joint le fichier (multipart, partie document, PDF/PNG/JPEG ≤ 5 000 000 octets)',
          consumes: ['multipart/form-data'],
          params: idParamsParametrageSchema,
          response: { 200: referentielParametrageSchema },
        },
      },
      async (req) => {
        // Role and perimeter first: a refused caller's file is never read.
        await service.verifier(req.acteur, Number(req.params.id));
        return service.joindre(req.acteur, Number(req.params.id), await lireDocument(req));
      },
    );
    r.get(
      '/api/referentiel/:id/document',
      {
        schema: {
          tags,
          summary: "Le fichier d'un document de référence",
          params: idParamsParametrageSchema,
        },
      },
      async (req, reply) => {
        const f = await service.fichier(req.acteur, Number(req.params.id));
        return reply.headers(entetesFichier(f.contenu, f.fileName)).send(f.contenu);
      },
    );
  };
}
