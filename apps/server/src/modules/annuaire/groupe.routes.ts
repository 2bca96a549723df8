import type { FastifyInstance } from 'fastify';
import { sansControle } from '@estive/contracts';
import { routeur } from '../../lib/route';
import { envoyerXlsx, xlsxEnFlux } from '../../lib/xlsx';
import type { GroupeService } from './groupe.service';

export function groupeRoutes(service: GroupeService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['annuaire']);
    route('GET /api/groupe', ({ acteur, query }) => service.lister(acteur, query));
    route('GET /api/groupe/export', async ({ acteur, query }, reply) =>
      envoyerXlsx(
        reply,
        'groupes',
        await xlsxEnFlux(
          'Groupes',
          [
            { titre: 'Groupe', valeur: (l) => l.groupe, largeur: 30 },
            { titre: 'Raison sociale', valeur: (l) => l.raisonSociale, largeur: 36 },
            { titre: 'Siret', valeur: (l) => l.siret, largeur: 16 },
            { titre: 'Code postal', valeur: (l) => l.codePostal },
            { titre: 'Ville', valeur: (l) => l.ville, largeur: 24 },
          ],
          service.exporter(acteur, query.libelle),
        ),
      ),
    );
    route('GET /api/groupe/{id}', ({ acteur, params }) => service.trouver(acteur, params.id));
    route('POST /api/groupe', ({ acteur, body }) => service.creer(acteur, body.libelle));
    route('PUT /api/groupe/{id}', ({ acteur, params, body }) =>
      service.modifier(acteur, params.id, body.libelle),
    );
    route('DELETE /api/groupe/{id}', async ({ acteur, params }) => {
      await service.supprimer(acteur, params.id);
      return null;
    });
    route('GET /api/groupe/{id}/membres', ({ acteur, params }) =>
      service.membres(acteur, params.id),
    );
    route('GET /api/groupe/{id}/membre-possible', ({ acteur, params, query }) =>
      service.membresPossibles(acteur, params.id, sansControle(query.q)),
    );
    route('POST /api/groupe/{id}/membre', async ({ acteur, params, body }) => {
      await service.ajouterMembre(acteur, params.id, body.personneMoraleId);
      return null;
    });
    route('DELETE /api/groupe/{id}/membre/{personneMoraleId}', async ({ acteur, params }) => {
      await service.retirerMembre(acteur, params.id, params.personneMoraleId);
      return null;
    });
  };
}
