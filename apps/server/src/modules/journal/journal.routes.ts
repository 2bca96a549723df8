import type { FastifyInstance } from 'fastify';
import { routeur } from '../../lib/route';
import type { JournalService } from './journal.service';

/**
 * `POST /api/log`: the client reports an error it met (e.g. an unannounced inspection that could
 * not be created). Stored with the device logs, purged after 8 days.
 */
export function journalRoutes(service: JournalService) {
  return async function register(app: FastifyInstance) {
    routeur(app, ['journal'])('POST /api/log', async (request) => {
      await service.signaler(request.acteur, request.body);
      request.log.warn({ context: request.body.context }, 'client reported an error');
      return null;
    });
  };
}
