import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import { envoyerXlsx, xlsxEnFlux } from '../../lib/xlsx';
import { COLONNES_OPERATEURS } from './exports';
import type { PersonneMoraleService } from './personne-morale.service';

export function personneMoraleRoutes(service: PersonneMoraleService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['annuaire']);
    route('GET /api/personne-morale', ({ acteur, query }) => {
      const { page, size, sort, ...filtres } = query;
      return service.rechercher(acteur, filtres, { page, size, sort });
    });
    route('GET /api/personne-morale/export', async ({ acteur, query }, reply) => {
      const { sort, ...filtres } = query;
      const lignes = service.exporter(acteur, filtres, sort);
      return envoyerXlsx(
        reply,
        'operateurs',
        await xlsxEnFlux('Opérateurs', COLONNES_OPERATEURS, lignes),
      );
    });
    // The same search: every operator of the perimeter, or the habilitated ones only.
    route('GET /api/personne-morale/autocomplete', ({ acteur, query }) =>
      service.courts(acteur, query.q, query.aop, false),
    );
    route('GET /api/personne-morale/recherche/petit', ({ acteur, query }) =>
      service.courts(acteur, query.q, query.aop, false),
    );
    route('GET /api/personne-morale/recherche/operateurs', ({ acteur, query }) =>
      service.courts(acteur, query.q, query.aop, true),
    );
    route('GET /api/personne-morale/recherche/existant', ({ acteur, query }) =>
      service.existants(acteur, query.siret, query.ede),
    );
    route('POST /api/personne-morale/existant/habilitation', ({ acteur, body }) =>
      service.habiliterExistant(acteur, body),
    );
    route('GET /api/personne-morale/{id}/sites', ({ acteur, params }) =>
      service.sites(acteur, params.id),
    );
    route('POST /api/personne-morale', ({ acteur, body }) => service.creer(acteur, body));
    route('PATCH /api/personne-morale/{id}', ({ acteur, params, body }) =>
      service.modifier(acteur, params.id, body),
    );
    route('POST /api/personne-morale/anonymisation/{id}', ({ acteur, params, query }) =>
      service.anonymiser(acteur, params.id, query.force),
    );
    route('GET /api/fiche/morale/{id}', ({ acteur, params }) => service.fiche(acteur, params.id));
  };
}
