import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { communesSchema, referenceListeSchema } from '@estive/contracts';
import type { Acteur } from '../../lib/acteur';
import { rechercherCommunes } from './communes';
import { bureau } from './personne-morale.service';
import type { ReferenceRepository } from './reference.repository';

const tags = ['referentiel'];
const str = (rows: { id: number; libelle: string }[]) =>
  rows.map((r) => ({ id: String(r.id), libelle: r.libelle }));

/** Reference lists of the directory's forms; office roles only, labels of the active ODG. */
export function referenceRoutes(repository: ReferenceRepository) {
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const liste = (acteur: Acteur) => bureau(acteur);
    r.get(
      '/api/aop-igp',
      {
        schema: {
          tags,
          summary: "AOP-IGP de l'ODG actif",
          response: { 200: referenceListeSchema },
        },
      },
      async (req) => str(await repository.aopIgps(liste(req.acteur))),
    );
    for (const chemin of ['/api/activite', '/api/profil']) {
      r.get(
        chemin,
        {
          schema: {
            tags,
            summary: 'Activités (profils) des opérateurs',
            response: { 200: referenceListeSchema },
          },
        },
        async (req) => {
          liste(req.acteur);
          return str(await repository.activites());
        },
      );
    }
    r.get(
      '/api/activiteAopIgp',
      {
        schema: {
          tags,
          summary: "Activités proposées par chaque AOP-IGP de l'ODG",
          response: {
            200: z.array(z.object({ aopIgpId: z.string(), id: z.string(), libelle: z.string() })),
          },
        },
      },
      async (req) =>
        (await repository.activitesAop(liste(req.acteur))).map((a) => ({
          aopIgpId: String(a.aopIgpId),
          id: String(a.id),
          libelle: a.libelle,
        })),
    );
    r.get(
      '/api/commune/autocomplete-enum',
      {
        schema: {
          tags,
          summary: 'Code postal ↔ commune (base officielle La Poste), sans accents ni casse',
          querystring: z.object({ q: z.string().max(100) }),
          response: { 200: communesSchema },
        },
      },
      (req) => {
        liste(req.acteur);
        return rechercherCommunes(req.query.q);
      },
    );
  };
}
