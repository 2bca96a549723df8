import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  demandeIdentificationSchema,
  documentHabilitationParamsSchema,
  idsReponseSchema,
  referenceListeSchema,
  sousProfilParamsSchema,
} from '@estive/contracts';
import { entetesFichier } from '../../lib/type-fichier';
import { lireFormulaire, valider } from './formulaire-multipart';
import type { HabilitationAnnexesService } from './habilitation-annexes.service';

const tags = ['annuaire'];

/** Spec part 2 §7 'Habilitation': sous-profil, document and demande-identification. */
export function habilitationAnnexesRoutes(service: HabilitationAnnexesService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/habilitation/sous-profil/:id/aop/:aopId',
      {
        schema: {
          tags,
          summary:
            "Activités (sous-profils) de la catégorie {id} de la matrice de l'ODG que propose l'AOP-IGP {aopId}",
          params: sousProfilParamsSchema,
          response: { 200: referenceListeSchema },
        },
      },
      (req) => service.sousProfils(req.acteur, req.params.id, req.params.aopId),
    );
    r.get(
      '/api/habilitation/document/:personneMoraleId/:aopId/:fichierId',
      {
        schema: {
          tags,
          summary: "Un document DI d'une habilitation de l'opérateur sur l'AOP-IGP (périmètre)",
          params: documentHabilitationParamsSchema,
        },
      },
      async (req, reply) => {
        const { personneMoraleId, aopId, fichierId } = req.params;
        const f = await service.document(req.acteur, personneMoraleId, aopId, fichierId);
        return reply
          .headers(entetesFichier(f.contenu, f.fileName))
          .header('etag', `"${f.sha256}"`)
          .header('cache-control', 'private, max-age=3600')
          .send(f.contenu);
      },
    );
    r.post(
      '/api/habilitation/demande-identification',
      {
        schema: {
          tags,
          summary:
            "Demande d'identification : un document DI pour plusieurs activités d'une AOP-IGP (JSON, ou multipart : data + document ≤ 5 000 000 octets)",
          consumes: ['application/json', 'multipart/form-data'],
          response: { 201: idsReponseSchema },
        },
      },
      async (req, reply) => {
        const { data, document } = await lireFormulaire(req);
        const v = valider(demandeIdentificationSchema, data);
        return reply.status(201).send(await service.demandeIdentification(req.acteur, v, document));
      },
    );
  };
}
