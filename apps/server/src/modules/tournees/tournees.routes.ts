import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { ServiceTournees } from './visites.service';

/** The rounds area (spec part 1 §7): programming by the office, read by the controller. */
export function tourneesRoutes(service: ServiceTournees) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['tournee']);
    route('GET /api/tournee', ({ acteur, query }) => service.lister(acteur, query));
    route('GET /api/tournee/light', ({ acteur, query }) => service.light(acteur, query));
    route('GET /api/tournee/dashboard', ({ acteur, query }) => service.dashboard(acteur, query));
    route('GET /api/tournee/{id}', ({ acteur, params }) => service.trouver(acteur, params.id));
    route('GET /api/tournee/{id}/visites-controleur', ({ acteur, params, query }) =>
      service.visitesControleur(acteur, params.id, query.controleurId),
    );
    route('POST /api/tournee/initialise', ({ acteur, body }) =>
      service.initialiser(acteur, body.controleurId),
    );
    route('POST /api/tournee/creation-rapide', ({ acteur, body }) =>
      service.creationRapide(acteur, body.controleurId, body.operateurControles),
    );
    route('PUT /api/tournee/{id}/modifie', ({ acteur, params, body }) =>
      service.modifier(acteur, params.id, body.controleurId),
    );
    route('POST /api/tournee/{id}/ajoute', ({ acteur, params, body }) =>
      service.ajouter(acteur, params.id, body),
    );
    route('POST /api/tournee/{id}/ajoute-lot', ({ acteur, params, body }) =>
      service.ajouterLot(acteur, params.id, body.operateurControles),
    );
    route('POST /api/tournee/{id}/supprime', ({ acteur, params, body }) =>
      service.supprimer(acteur, params.id, body.controleIds),
    );
    route('PUT /api/tournee/{id}/sauvegarde', ({ acteur, params, body }) =>
      service.sauvegarder(acteur, params.id, body),
    );
    route('POST /api/tournee/{id}/finalise', ({ acteur, params }) =>
      service.finaliser(acteur, params.id),
    );

    routeur(app, ['personne-physique'])(
      'GET /api/personne-physique/controleur',
      ({ acteur, query }) => service.controleurs(acteur, query),
    );
  };
}
