import type { FastifyInstance } from 'fastify';
import { demandeIdentificationSchema } from '@estive/contracts';
import { routeur } from '../../lib/route';
import { entetesFichier } from '../../lib/type-fichier';
import { lireFormulaire, valider } from './formulaire-multipart';
import type { HabilitationAnnexesService } from './habilitation-annexes.service';

/** Spec part 2 §7 'Habilitation': sous-profil, document and demande-identification. */
export function habilitationAnnexesRoutes(service: HabilitationAnnexesService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['annuaire']);
    route('GET /api/habilitation/sous-profil/{id}/aop/{aopId}', ({ acteur, params }) =>
      service.sousProfils(acteur, params.id, params.aopId),
    );
    route(
      'GET /api/habilitation/document/{personneMoraleId}/{aopId}/{fichierId}',
      async ({ acteur, params }, reply) => {
        const { personneMoraleId, aopId, fichierId } = params;
        const f = await service.document(acteur, personneMoraleId, aopId, fichierId);
        return reply
          .headers(entetesFichier(f.contenu, f.fileName))
          .header('etag', `"${f.sha256}"`)
          .header('cache-control', 'private, max-age=3600')
          .send(f.contenu);
      },
    );
    route('POST /api/habilitation/demande-identification', async (req) => {
      const { data, document } = await lireFormulaire(req);
      const v = valider(demandeIdentificationSchema, data);
      return service.demandeIdentification(req.acteur, v, document);
    });
  };
}
