import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../../lib/errors';
import { lireFormulaireFichier } from '../../lib/formulaire-fichier';
import { routeur } from '../../lib/route';
import type { ComptesService } from './comptes.service';

/** The file part `fichier` of a multipart request (at most 5,000,000 bytes: 413 beyond). */
async function lireFichier(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid('Envoyez le fichier en multipart (partie « fichier »)');
  const { fichier } = await lireFormulaireFichier(request, 'fichier');
  if (!fichier || fichier.contenu.length === 0) throw invalid('Aucun fichier reçu');
  return fichier.contenu;
}

export function comptesRoutes(service: ComptesService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['comptes']);
    route('GET /api/utilisateur', ({ acteur, query }) => service.lister(acteur, query));
    route('POST /api/utilisateur', ({ acteur, body }) => service.creer(acteur, body));
    route('POST /api/utilisateur/import', async (req) =>
      service.importer(req.acteur, await lireFichier(req), req.query.simulation),
    );
    route('PATCH /api/utilisateur/{id}', async ({ acteur, params, body }) => {
      await service.modifier(acteur, params.id, body);
      return null;
    });
    route('POST /api/utilisateur/{id}/desactivation', async ({ acteur, params }) => {
      await service.definirActif(acteur, params.id, false);
      return null;
    });
    route('POST /api/utilisateur/{id}/reactivation', async ({ acteur, params }) => {
      await service.definirActif(acteur, params.id, true);
      return null;
    });
    route('POST /api/droits/{genre}', ({ acteur, params, body }) =>
      service.ajouterDroit(acteur, params.genre, Number(body.utilisateurId)),
    );
    route('DELETE /api/droits/{genre}/{id}', async ({ acteur, params }) => {
      await service.retirerDroit(acteur, params.genre, params.id);
      return null;
    });
    routeur(app, ['principal'])(
      'POST /api/principal/mot-de-passe',
      async ({ acteur, body }) => {
        await service.changerMotDePasse(acteur, body);
        return null;
      },
      // The one call, with GET /api/principal, that a temporary password allows.
      { config: { motDePasseTemporaire: true } },
    );
  };
}
