import type { FastifyInstance } from 'fastify';
import { routeur } from '../../../lib/route';
import type { OidcService } from './oidc.service';

/** Settings, 'Connexion' (CNAOL): require the identity provider for office roles. Authenticated. */
export function parametreConnexionRoutes(service: OidcService) {
  return async function register(app: FastifyInstance) {
    const route = routeur(app, ['parametrage']);
    route('GET /api/parametrage/connexion', ({ acteur }) => service.parametreConnexion(acteur));
    route('PUT /api/parametrage/connexion', ({ acteur, body }) =>
      service.definirParametreConnexion(acteur, body.federationObligatoireBureau),
    );
  };
}
