import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  habilitationEcritureSchema,
  habilitationFicheSchema,
  habilitationPageSchema,
  habilitationPatchSchema,
  idParamSchema,
  idParamsSchema,
  idReponseSchema,
  pageTriQuerySchema,
  triSchema,
  MESSAGE_AUCUNE_MODIFICATION,
} from '@estive/contracts';
import {
  LIBELLES_STATUT_HABILITATION,
  STATUTS_HABILITATION,
  type StatutHabilitation,
} from '@estive/domain';
import { invalid } from '../../lib/errors';
import { envoyerXlsx, xlsxEnFlux, type ColonneXlsx } from '../../lib/xlsx';
import { lireFormulaire, valider } from './formulaire-multipart';
import type { HabilitationService } from './habilitation.service';

const tags = ['annuaire'];
const liste = <T extends z.ZodType>(t: T) =>
  z
    .union([t, z.array(t).max(50)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
const filtres = z.object({
  personneMorale: idParamSchema.optional(),
  aop: liste(idParamSchema),
  activite: liste(idParamSchema),
  statut: liste(z.enum(STATUTS_HABILITATION)),
  raisonSociale: z.string().max(200).optional(),
});
type Row = {
  raisonSociale: string;
  siret: string;
  aopIgp: string;
  activite: string;
  statut: StatutHabilitation;
  dateDi: string | null;
  updatedAt: Date;
};
const COLONNES: ColonneXlsx<Row>[] = [
  { titre: 'Raison sociale', valeur: (l) => l.raisonSociale, largeur: 36 },
  { titre: 'Siret', valeur: (l) => l.siret, largeur: 16 },
  { titre: 'AOP-IGP', valeur: (l) => l.aopIgp, largeur: 24 },
  { titre: 'Activité', valeur: (l) => l.activite, largeur: 24 },
  { titre: 'Statut', valeur: (l) => LIBELLES_STATUT_HABILITATION[l.statut] },
  { titre: 'Date de DI', valeur: (l) => l.dateDi, type: 'date' },
  { titre: 'Dernière modification', valeur: (l) => l.updatedAt, type: 'dateHeure', largeur: 20 },
];

export function habilitationRoutes(service: HabilitationService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/habilitation',
      {
        schema: {
          tags,
          summary: 'Habilitations des AOP-IGP du périmètre',
          querystring: pageTriQuerySchema.extend(filtres.shape),
          response: { 200: habilitationPageSchema },
        },
      },
      (req) => {
        const { page, size, sort, ...f } = req.query;
        return service.rechercher(req.acteur, f, { page, size, sort });
      },
    );
    r.get(
      '/api/habilitation/export',
      {
        schema: {
          tags,
          summary: 'Export XLSX des habilitations (mêmes filtres)',
          querystring: filtres.extend({ sort: triSchema }),
        },
      },
      async (req, reply) => {
        const { sort, ...f } = req.query;
        return envoyerXlsx(
          reply,
          'habilitations',
          await xlsxEnFlux('Habilitations', COLONNES, service.exporter(req.acteur, f, sort)),
        );
      },
    );
    r.get(
      '/api/fiche/habilitation/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: habilitationFicheSchema } } },
      (req) => service.fiche(req.acteur, req.params.id),
    );
    r.post(
      '/api/habilitation',
      {
        schema: {
          tags,
          summary:
            'Crée une habilitation (JSON, ou multipart : data + document DI ≤ 5 000 000 octets)',
          consumes: ['application/json', 'multipart/form-data'],
          response: { 201: idReponseSchema },
        },
      },
      async (req, reply) => {
        const { data, document } = await lireFormulaire(req);
        const v = valider(habilitationEcritureSchema, data);
        return reply.status(201).send(await service.creer(req.acteur, v, document));
      },
    );
    r.post(
      '/api/habilitation/modifie/:id',
      {
        schema: {
          tags,
          summary: 'Modifie statut et date de DI, ajoute un document DI (multipart possible)',
          consumes: ['application/json', 'multipart/form-data'],
          params: idParamsSchema,
          response: { 200: idReponseSchema },
        },
      },
      async (req) => {
        const { data, document } = await lireFormulaire(req);
        const modif = valider(habilitationPatchSchema, data);
        // Neither a field nor a document: nothing to write (an UPDATE without a column is a 500).
        if (!document && modif.statut === undefined && modif.dateDi === undefined)
          throw invalid(MESSAGE_AUCUNE_MODIFICATION, [MESSAGE_AUCUNE_MODIFICATION]);
        return service.modifier(req.acteur, req.params.id, modif, document);
      },
    );
  };
}
