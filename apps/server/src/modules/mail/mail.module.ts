import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createAvisDePassageRepository } from './avis-de-passage.repository';
import { createAvisDePassageService } from './avis-de-passage.service';
import { mailRoutes } from './mail.routes';
import type { MailService } from './mail.service';

/** Mail sent on an office user's request (issue 16 §5): the avis de passage to an operator. */
export function mailModule(db: Database, mail: MailService) {
  return async function register(app: FastifyInstance) {
    await app.register(
      mailRoutes(createAvisDePassageService(createAvisDePassageRepository(db), mail)),
    );
  };
}
