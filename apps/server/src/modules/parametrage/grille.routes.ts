import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorieEcritureSchema,
  categorieParametrageSchema,
  grilleParametrageSchema,
  idParamsParametrageSchema,
  idReponseSchema,
  modifiesReponseSchema,
  ordreSchema,
  pointControleAopEcritureSchema,
  pointControleAopParamsSchema,
  pointControleEcritureSchema,
  pointControlePatchSchema,
} from '@estive/contracts';
import { LIBELLES_GRAVITE } from '@estive/domain';
import { envoyerXlsx, xlsxEnFlux } from '../../lib/xlsx';
import type { GrilleService } from './grille.service';

const tags = ['parametrage'];

/** Categories and control points (national, CNAOL) and their thresholds per label (the ODG's). */
export function grilleRoutes(service: GrilleService) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/categorie',
      {
        schema: {
          tags,
          summary: 'Catégories de la grille',
          response: { 200: z.array(categorieParametrageSchema) },
        },
      },
      async (req) => (await service.grille(req.acteur)).categories,
    );
    r.post(
      '/api/categorie',
      {
        schema: {
          tags,
          summary: 'Crée une catégorie (CNAOL)',
          body: categorieEcritureSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.creerCategorie(req.acteur, req.body.libelle),
    );
    r.put(
      '/api/categorie/ordre',
      {
        schema: {
          tags,
          summary: 'Ordre des catégories (glisser-déposer, CNAOL)',
          body: ordreSchema,
          response: { 200: modifiesReponseSchema },
        },
      },
      (req) => service.ordonnerCategories(req.acteur, req.body.ids.map(Number)),
    );
    r.patch(
      '/api/categorie/:id',
      {
        schema: {
          tags,
          summary: 'Renomme une catégorie (CNAOL)',
          params: idParamsParametrageSchema,
          body: categorieEcritureSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.modifierCategorie(req.acteur, Number(req.params.id), req.body.libelle),
    );
    r.delete(
      '/api/categorie/:id',
      {
        schema: {
          tags,
          summary: 'Supprime une catégorie vide (CNAOL)',
          params: idParamsParametrageSchema,
        },
      },
      async (req, reply) => {
        await service.supprimerCategorie(req.acteur, Number(req.params.id));
        return reply.status(204).send();
      },
    );

    r.get(
      '/api/point-controle',
      {
        schema: {
          tags,
          summary:
            "Grille : catégories, points de contrôle et leurs seuils pour les AOP-IGP de l'ODG actif",
          response: { 200: grilleParametrageSchema },
        },
      },
      (req) => service.grille(req.acteur),
    );
    r.get(
      '/api/point-controle/export',
      {
        schema: {
          tags,
          summary: "Export XLSX des points de contrôle et des seuils de l'ODG actif",
        },
      },
      async (req, reply) => {
        const seuil = (s: { operateur: string; valeur: number } | null | undefined) =>
          s ? `${s.operateur} ${String(s.valeur)}` : null;
        return envoyerXlsx(
          reply,
          'points-de-controle',
          await xlsxEnFlux(
            'Points de contrôle',
            [
              { titre: 'Catégorie', valeur: (l) => l.categorie, largeur: 28 },
              { titre: 'Code', valeur: (l) => l.code },
              { titre: 'Libellé', valeur: (l) => l.libelle, largeur: 48 },
              { titre: 'Source', valeur: (l) => l.source },
              { titre: 'Archivé', valeur: (l) => (l.archive ? 'Oui' : 'Non') },
              { titre: 'AOP-IGP', valeur: (l) => l.aopIgp, largeur: 24 },
              {
                titre: 'Actif',
                valeur: (l) => (l.actif === null ? null : l.actif ? 'Oui' : 'Non'),
              },
              { titre: 'Seuil grave', valeur: (l) => seuil(l.seuil?.grave) },
              { titre: 'Seuil majeur', valeur: (l) => seuil(l.seuil?.majeur) },
              { titre: 'Seuil mineur', valeur: (l) => seuil(l.seuil?.mineur) },
              {
                titre: 'Gravité',
                valeur: (l) => (l.gravite ? LIBELLES_GRAVITE[l.gravite] : null),
              },
              { titre: 'Ligne du système', valeur: (l) => l.ligne },
            ],
            await service.export(req.acteur),
          ),
        );
      },
    );
    r.post(
      '/api/point-controle',
      {
        schema: {
          tags,
          summary: 'Crée un point de contrôle (CNAOL)',
          body: pointControleEcritureSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.creerPoint(req.acteur, req.body),
    );
    r.put(
      '/api/point-controle/ordre',
      {
        schema: {
          tags,
          summary: "Ordre des points d'une catégorie (parentId) (glisser-déposer, CNAOL)",
          body: ordreSchema,
          response: { 200: modifiesReponseSchema },
        },
      },
      (req) =>
        service.ordonnerPoints(
          req.acteur,
          req.body.parentId === undefined ? undefined : Number(req.body.parentId),
          req.body.ids.map(Number),
        ),
    );
    r.patch(
      '/api/point-controle/:id',
      {
        schema: {
          tags,
          summary: 'Modifie ou archive un point de contrôle (CNAOL)',
          params: idParamsParametrageSchema,
          body: pointControlePatchSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) => service.modifierPoint(req.acteur, Number(req.params.id), req.body),
    );
    r.delete(
      '/api/point-controle/:id',
      {
        schema: {
          tags,
          summary: 'Supprime un point de contrôle jamais utilisé (CNAOL)',
          params: idParamsParametrageSchema,
        },
      },
      async (req, reply) => {
        await service.supprimerPoint(req.acteur, Number(req.params.id));
        return reply.status(204).send();
      },
    );
    r.put(
      '/api/point-controle/:id/aop/:aopIgpId',
      {
        schema: {
          tags,
          summary:
            "Le point appliqué à une AOP-IGP de l'ODG : seuils (grave, majeur, mineur), gravité, cible, ligne du système d'exploitation, actif",
          params: pointControleAopParamsSchema,
          body: pointControleAopEcritureSchema,
          response: { 200: idReponseSchema },
        },
      },
      (req) =>
        service.ecrireLien(
          req.acteur,
          Number(req.params.id),
          Number(req.params.aopIgpId),
          req.body,
        ),
    );
  };
}
