import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { createInboxReplayService } from '../modules/synchro/inbox-replay.service';
import { acteurEnregistre } from '../plugins/auth';

/** The inbox replay wired as the server wires its modules: the sender resolved as at sign-in. */
export function creerRejeu(db: Database, log: Pick<FastifyBaseLogger, 'error'>) {
  const auth = createAuthRepository(db);
  return createInboxReplayService(db, log, (utilisateurId, droitId) =>
    acteurEnregistre(auth, utilisateurId, droitId),
  );
}
