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

/**
 * A creation: JSON, or multipart with part `data` (the JSON) and an optional part `document`.
 * The file is checked (type, size) before anything is written, and stored with the row.
 */
async function lireCreation(request: FastifyRequest) {
  if (!request.isMultipart()) return { data: request.body, document: undefined };
  const { champs, fichier } = await lireFormulaireFichier(request, 'document');
  let data: unknown;
  try {
    data = JSON.parse(champs.get('data') ?? 'null');
  } catch {
    throw invalid('Requête incomplète ou illisible');
  }
  const document =
    fichier && fichier.contenu.length > 0 ? await documentStockable(fichier) : undefined;
  return { data, document };
}

function valider(data: unknown) {
  const r = referentielEcritureSchema.safeParse(data);
  if (r.success) return r.data;
  throw invalid(
    'Veuillez vérifier votre saisie',
    [],
    r.error.issues.map((i) => ({ field: i.path.join('.'), defaultMessage: i.message })),
  );
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
          summary:
            'Crée un document de référence (version, dates de validité) : JSON, ou multipart data + document (PDF/PNG/JPEG ≤ 5 000 000 octets) enregistrés ensemble',
          consumes: ['application/json', 'multipart/form-data'],
          response: { 200: referentielParametrageSchema },
        },
      },
      async (req) => {
        // Role and perimeter first: a refused caller's file is never read.
        service.peutCreer(req.acteur);
        const { data, document } = await lireCreation(req);
        return service.creer(req.acteur, valider(data), document);
      },
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
        // An uploaded file: a download, never opened in our origin.
        return reply.headers(entetesFichier(f.contenu, f.fileName)).send(f.contenu);
      },
    );
  };
}
