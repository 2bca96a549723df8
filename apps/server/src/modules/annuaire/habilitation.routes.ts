import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  habilitationEcritureSchema,
  habilitationPatchSchema,
  idParamSchema,
  idParamsSchema,
  idReponseSchema,
  pageSchema,
  pageTriQuerySchema,
  triSchema,
} from '@estive/contracts';
import { STATUTS_HABILITATION } from '@estive/domain';
import { AppError, invalid } from '../../lib/errors';
import { envoyerXlsx, xlsxEnFlux, type ColonneXlsx } from '../../lib/xlsx';
import type { DocumentRecu, HabilitationService } from './habilitation.service';
import { typeFichierRefuse, typeReel } from '../../lib/type-fichier';

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
const ref = z.object({ id: z.string(), libelle: z.string() });
const ligne = z.object({
  id: z.string(),
  personneMoraleId: z.string(),
  raisonSociale: z.string(),
  siret: z.string(),
  aopIgp: ref,
  activite: ref,
  statut: z.enum(STATUTS_HABILITATION),
  dateDi: z.string().nullable(),
});
const fiche = ligne.extend({
  fichiers: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      typeDocument: z.string(),
      dateCreation: z.string(),
    }),
  ),
});

type Row = {
  raisonSociale: string;
  siret: string;
  aopIgp: string;
  activite: string;
  statut: string;
  dateDi: string | null;
  updatedAt: Date;
};
const COLONNES: ColonneXlsx<Row>[] = [
  { titre: 'Raison sociale', valeur: (l) => l.raisonSociale, largeur: 36 },
  { titre: 'Siret', valeur: (l) => l.siret, largeur: 16 },
  { titre: 'AOP-IGP', valeur: (l) => l.aopIgp, largeur: 24 },
  { titre: 'Activité', valeur: (l) => l.activite, largeur: 24 },
  { titre: 'Statut', valeur: (l) => l.statut },
  { titre: 'Date de DI', valeur: (l) => l.dateDi, type: 'date' },
  { titre: 'Dernière modification', valeur: (l) => l.updatedAt, type: 'dateHeure', largeur: 20 },
];

/**
 * Multipart body: part `data` (JSON of the form) and an optional part `document` (the DI, at
 * most 5,000,000 bytes: over it the multipart limit answers 413 with the spec's message).
 */
async function lireFormulaire(
  request: FastifyRequest,
): Promise<{ data: unknown; document: DocumentRecu | null }> {
  if (!request.isMultipart()) return { data: request.body, document: null };
  let data: unknown;
  let document: DocumentRecu | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const contenu = await part.toBuffer();
        if (part.fieldname === 'document' && contenu.length > 0) {
          // The type its bytes have: a DI is a PDF or a scan, never what the browser claims.
          const type = typeReel(contenu);
          if (!type) throw typeFichierRefuse();
          document = {
            fileName: part.filename.slice(0, 200) || 'document',
            mimeType: type,
            contenu,
          };
        }
      } else if (part.fieldname === 'data') {
        data = JSON.parse(String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 413)
      throw error;
    throw invalid('Requête incomplète ou illisible');
  }
  return { data, document };
}

function valider<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw invalid(
    'Veuillez vérifier votre saisie',
    [],
    r.error.issues.map((i) => ({ field: i.path.join('.'), defaultMessage: i.message })),
  );
}

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
          response: { 200: pageSchema(ligne) },
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
      { schema: { tags, params: idParamsSchema, response: { 200: fiche } } },
      (req) => service.fiche(req.acteur, req.params.id),
    );
    r.post(
      '/api/habilitation',
      {
        schema: {
          tags,
          summary:
            'Crée une habilitation (JSON, ou multipart : data + document DI ≤ 5 000 000 octets)',
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
          params: idParamsSchema,
          response: { 200: idReponseSchema },
        },
      },
      async (req) => {
        const { data, document } = await lireFormulaire(req);
        return service.modifier(
          req.acteur,
          req.params.id,
          valider(habilitationPatchSchema, data),
          document,
        );
      },
    );
  };
}
