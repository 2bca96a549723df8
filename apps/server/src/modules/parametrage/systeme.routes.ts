import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  groupeSysExpEcritureSchema,
  groupeSysExpPatchSchema,
  idParamsParametrageSchema,
  idReponseSchema,
  modifiesReponseSchema,
  ordreSchema,
  pointSysExpEcritureSchema,
  pointSysExpPatchSchema,
  systemeParametrageSchema,
} from '@estive/contracts';
import { envoyerXlsx, xlsxEnFlux } from '../../lib/xlsx';
import type { SystemeService } from './systeme.service';

const tags = ['parametrage'];
const BASE = '/api/point-controle/systeme';

/** The exploitation system of the active ODG: groups and lines with their formulas. */
export function systemeRoutes(service: SystemeService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      BASE,
      {
        schema: {
          tags,
          summary: "Système d'exploitation de l'ODG actif : groupes et lignes",
          response: { 200: systemeParametrageSchema },
        },
      },
      (req) => service.systeme(req.acteur),
    );
    r.get(
      `${BASE}/export`,
      { schema: { tags, summary: "Export XLSX du système d'exploitation de l'ODG actif" } },
      async (req, reply) =>
        envoyerXlsx(
          reply,
          'systeme-exploitation',
          await xlsxEnFlux(
            "Système d'exploitation",
            [
              { titre: 'Groupe', valeur: (l) => l.groupe, largeur: 30 },
              { titre: 'Code', valeur: (l) => l.code },
              { titre: 'Libellé', valeur: (l) => l.libelle, largeur: 48 },
              { titre: 'Formule', valeur: (l) => l.formule, largeur: 30 },
              { titre: 'Unité', valeur: (l) => l.unite },
              { titre: 'Décimales', valeur: (l) => l.dec, type: 'nombre' },
              { titre: 'Archivée', valeur: (l) => (l.archive ? 'Oui' : 'Non') },
            ],
            await service.export(req.acteur),
          ),
        ),
    );
    r.put(
      `${BASE}/ordre`,
      {
        schema: {
          tags,
          summary: "Ordre des groupes, ou des lignes d'un groupe (parentId) (glisser-déposer)",
          body: ordreSchema,
          response: { 200: modifiesReponseSchema },
        },
      },
      (req) =>
        service.ordonner(
          req.acteur,
          req.body.parentId === undefined ? undefined : Number(req.body.parentId),
          req.body.ids.map(Number),
        ),
    );
    r.post(
      `${BASE}/groupe`,
      {
        schema: {
          tags,
          summary: 'Crée un groupe de saisie',
          body: groupeSysExpEcritureSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.creerGroupe(req.acteur, req.body),
    );
    r.patch(
      `${BASE}/groupe/:id`,
      {
        schema: {
          tags,
          summary: 'Modifie ou archive un groupe de saisie',
          params: idParamsParametrageSchema,
          body: groupeSysExpPatchSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.modifierGroupe(req.acteur, Number(req.params.id), req.body),
    );
    r.delete(
      `${BASE}/groupe/:id`,
      {
        schema: {
          tags,
          summary: 'Supprime un groupe sans lignes',
          params: idParamsParametrageSchema,
        },
      },
      async (req, reply) => {
        await service.supprimerGroupe(req.acteur, Number(req.params.id));
        return reply.status(204).send();
      },
    );
    r.post(
      `${BASE}/point`,
      {
        schema: {
          tags,
          summary:
            "Crée une ligne ; sa formule est vérifiée (syntaxe, codes présents dans le système d'exploitation de chacune de ses AOP-IGP, pas de boucle)",
          body: pointSysExpEcritureSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.creerLigne(req.acteur, req.body),
    );
    r.patch(
      `${BASE}/point/:id`,
      {
        schema: {
          tags,
          summary: 'Modifie ou archive une ligne (mêmes vérifications de formule)',
          params: idParamsParametrageSchema,
          body: pointSysExpPatchSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.modifierLigne(req.acteur, Number(req.params.id), req.body),
    );
    r.delete(
      `${BASE}/point/:id`,
      {
        schema: {
          tags,
          summary: "Supprime une ligne qu'aucun point ni aucune formule n'utilise",
          params: idParamsParametrageSchema,
        },
      },
      async (req, reply) => {
        await service.supprimerLigne(req.acteur, Number(req.params.id));
        return reply.status(204).send();
      },
    );
  };
}
