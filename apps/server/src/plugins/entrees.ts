import type { FastifyInstance } from 'fastify';
import { invalid } from '../lib/errors';
import { premierIndesirable } from '../lib/stockable';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes what a device sent as it is (pushes): its service stores it in the inbox
     * first and judges each item, so the global check below must not refuse it before.
     */
    entreeBrute?: boolean;
  }
}

/**
 * Every route: params, query and JSON body must hold only what PostgreSQL can store (no NUL, no
 * lone surrogate, bounded nesting). Checked before the schema, so such input is a French 400 with
 * the field, on routes that exist today and on those added later.
 */
export function registerEntreesStockables(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.entreeBrute === true) return;
    for (const valeur of [request.params, request.query, request.body]) {
      const indesirable = premierIndesirable(valeur);
      if (indesirable) {
        throw invalid(
          'Veuillez vérifier votre saisie',
          [],
          [{ field: indesirable.chemin, defaultMessage: indesirable.message }],
        );
      }
    }
  });
}
