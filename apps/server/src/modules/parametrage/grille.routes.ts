import type { FastifyInstance } from 'fastify';
import { LIBELLES_GRAVITE } from '@estive/domain';
import { routeur } from '../../lib/route';
import { envoyerXlsx, xlsxEnFlux, type ColonneXlsx } from '../../lib/xlsx';
import type { GrilleService } from './grille.service';

const seuil = (s: { operateur: string; valeur: number } | null | undefined) =>
  s ? `${s.operateur} ${String(s.valeur)}` : null;

/** The export's columns: one row per point and label of the ODG. */
const COLONNES: ColonneXlsx<Awaited<ReturnType<GrilleService['export']>>[number]>[] = [
  { titre: 'Catégorie', valeur: (l) => l.categorie, largeur: 28 },
  { titre: 'Code', valeur: (l) => l.code },
  { titre: 'Libellé', valeur: (l) => l.libelle, largeur: 48 },
  { titre: 'Source', valeur: (l) => l.source },
  { titre: 'Archivé', valeur: (l) => (l.archive ? 'Oui' : 'Non') },
  { titre: 'AOP-IGP', valeur: (l) => l.aopIgp, largeur: 24 },
  { titre: 'Actif', valeur: (l) => (l.actif === null ? null : l.actif ? 'Oui' : 'Non') },
  { titre: 'Seuil grave', valeur: (l) => seuil(l.seuil?.grave) },
  { titre: 'Seuil majeur', valeur: (l) => seuil(l.seuil?.majeur) },
  { titre: 'Seuil mineur', valeur: (l) => seuil(l.seuil?.mineur) },
  { titre: 'Gravité', valeur: (l) => (l.gravite ? LIBELLES_GRAVITE[l.gravite] : null) },
  { titre: 'Ligne du système', valeur: (l) => l.ligne },
];

/** Categories and control points (national, CNAOL) and their thresholds per label (the ODG's). */
export function grilleRoutes(service: GrilleService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['parametrage']);
    route('GET /api/categorie', async ({ acteur }) => (await service.grille(acteur)).categories);
    route('POST /api/categorie', ({ acteur, body }) =>
      service.creerCategorie(acteur, body.libelle),
    );
    route('PUT /api/categorie/ordre', ({ acteur, body }) =>
      service.ordonnerCategories(acteur, body.ids.map(Number)),
    );
    route('PATCH /api/categorie/{id}', ({ acteur, params, body }) =>
      service.modifierCategorie(acteur, params.id, body.libelle),
    );
    route('DELETE /api/categorie/{id}', async ({ acteur, params }) => {
      await service.supprimerCategorie(acteur, params.id);
      return null;
    });

    route('GET /api/point-controle', ({ acteur }) => service.grille(acteur));
    route('GET /api/point-controle/export', async ({ acteur }, reply) =>
      envoyerXlsx(
        reply,
        'points-de-controle',
        await xlsxEnFlux('Points de contrôle', COLONNES, await service.export(acteur)),
      ),
    );
    route('POST /api/point-controle', ({ acteur, body }) => service.creerPoint(acteur, body));
    route('PUT /api/point-controle/ordre', ({ acteur, body }) =>
      service.ordonnerPoints(
        acteur,
        body.parentId === undefined ? undefined : Number(body.parentId),
        body.ids.map(Number),
      ),
    );
    route('PATCH /api/point-controle/{id}', ({ acteur, params, body }) =>
      service.modifierPoint(acteur, params.id, body),
    );
    route('DELETE /api/point-controle/{id}', async ({ acteur, params }) => {
      await service.supprimerPoint(acteur, params.id);
      return null;
    });
    route('PUT /api/point-controle/{id}/aop/{aopIgpId}', ({ acteur, params, body }) =>
      service.ecrireLien(acteur, params.id, params.aopIgpId, body),
    );
  };
}
