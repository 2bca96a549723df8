import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import { envoyerXlsx, xlsxEnFlux, type ColonneXlsx } from '../../lib/xlsx';
import type { SystemeService } from './systeme.service';

/** The export's columns: one row per line, with its group. */
const COLONNES: ColonneXlsx<Awaited<ReturnType<SystemeService['export']>>[number]>[] = [
  { titre: 'Groupe', valeur: (l) => l.groupe, largeur: 30 },
  { titre: 'Code', valeur: (l) => l.code },
  { titre: 'Libellé', valeur: (l) => l.libelle, largeur: 48 },
  { titre: 'Formule', valeur: (l) => l.formule, largeur: 30 },
  { titre: 'Unité', valeur: (l) => l.unite },
  { titre: 'Décimales', valeur: (l) => l.dec, type: 'nombre' },
  { titre: 'Archivée', valeur: (l) => (l.archive ? 'Oui' : 'Non') },
];

/** The exploitation system of the active ODG: groups and lines with their formulas. */
export function systemeRoutes(service: SystemeService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['parametrage']);
    route('GET /api/point-controle/systeme', ({ acteur }) => service.systeme(acteur));
    route('GET /api/point-controle/systeme/export', async ({ acteur }, reply) =>
      envoyerXlsx(
        reply,
        'systeme-exploitation',
        await xlsxEnFlux("Système d'exploitation", COLONNES, await service.export(acteur)),
      ),
    );
    route('PUT /api/point-controle/systeme/ordre', ({ acteur, body }) =>
      service.ordonner(
        acteur,
        body.parentId === undefined ? undefined : Number(body.parentId),
        body.ids.map(Number),
      ),
    );
    route('POST /api/point-controle/systeme/groupe', ({ acteur, body }) =>
      service.creerGroupe(acteur, body),
    );
    route('PATCH /api/point-controle/systeme/groupe/{id}', ({ acteur, params, body }) =>
      service.modifierGroupe(acteur, params.id, body),
    );
    route('DELETE /api/point-controle/systeme/groupe/{id}', async ({ acteur, params }) => {
      await service.supprimerGroupe(acteur, params.id);
      return null;
    });
    route('POST /api/point-controle/systeme/point', ({ acteur, body }) =>
      service.creerLigne(acteur, body),
    );
    route('PATCH /api/point-controle/systeme/point/{id}', ({ acteur, params, body }) =>
      service.modifierLigne(acteur, params.id, body),
    );
    route('DELETE /api/point-controle/systeme/point/{id}', async ({ acteur, params }) => {
      await service.supprimerLigne(acteur, params.id);
      return null;
    });
  };
}
