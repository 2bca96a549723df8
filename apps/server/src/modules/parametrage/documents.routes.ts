import type { FastifyInstance, FastifyRequest } from 'fastify';
import { referentielEcritureSchema } from '@estive/contracts';
import { invalid } from '../../lib/errors';
import { documentStockable, lireFormulaireFichier } from '../../lib/formulaire-fichier';
import { routeur } from '../../lib/route';
import { entetesFichier } from '../../lib/type-fichier';
import type { DocumentsService } from './documents.service';

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

/** `/api/referentiel`: the reference documents of the active ODG's labels, and their files. */
export function documentsRoutes(service: DocumentsService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['parametrage']);
    route('GET /api/referentiel', ({ acteur }) => service.lister(acteur));
    route('POST /api/referentiel', async (req) => {
      // Role and perimeter first: a refused caller's file is never read.
      service.peutCreer(req.acteur);
      const { data, document } = await lireCreation(req);
      return service.creer(req.acteur, valider(data), document);
    });
    route('PATCH /api/referentiel/{id}', ({ acteur, params, body }) =>
      service.modifier(acteur, params.id, body),
    );
    route('DELETE /api/referentiel/{id}', async ({ acteur, params }) => {
      await service.supprimer(acteur, params.id);
      return null;
    });
    route('POST /api/referentiel/{id}/document', async (req) => {
      // Role and perimeter first: a refused caller's file is never read.
      await service.verifier(req.acteur, req.params.id);
      return service.joindre(req.acteur, req.params.id, await lireDocument(req));
    });
    route('GET /api/referentiel/{id}/document', async ({ acteur, params }, reply) => {
      const f = await service.fichier(acteur, params.id);
      // An uploaded file: a download, never opened in our origin.
      return reply.headers(entetesFichier(f.contenu, f.fileName)).send(f.contenu);
    });
  };
}
