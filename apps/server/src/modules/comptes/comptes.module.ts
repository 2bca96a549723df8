import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { MailService } from '../mail/mail.service';
import { createComptesRepository } from './comptes.repository';
import { comptesRoutes } from './comptes.routes';
import { createComptesService } from './comptes.service';

/** Accounts and rights (issue 16 §4). */
export function comptesModule(db: Database, mail: MailService, publicUrl: string | undefined) {
  return async function register(app: FastifyInstance) {
    await app.register(
      comptesRoutes(createComptesService(createComptesRepository(db), mail, publicUrl)),
    );
  };
}
