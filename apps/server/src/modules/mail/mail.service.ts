import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { erreurPourJournal } from '../../lib/erreur-journal';
import { avisDePassage, invitation, relanceManquement } from './messages';

export interface Message {
  a: string;
  sujet: string;
  texte: string;
}

export type ResultatEnvoi = 'ENVOYE' | 'JOURNAL' | 'ECHEC';

/**
 * Outgoing mail (issue 16 §5) through SMTP (`SMTP_URL`). Without it, messages are written to the
 * log: whole outside production (a laptop reads the temporary password there), only recipient
 * and subject in production, where a password must never reach a log. A failed send never fails
 * the action that caused it: the caller gets ECHEC and the log has why.
 */
export function createMailService(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
) {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const service = {
    /** Account invitation with its temporary password. */
    invitation: (p: Parameters<typeof invitation>[0]) => service.envoyer(invitation(p)),
    /** Follow-up reminder of an overdue shortcoming, to the operator. */
    relanceManquement: (p: Parameters<typeof relanceManquement>[0]) =>
      service.envoyer(relanceManquement(p)),
    /** Notice of an announced visit, to the operator. */
    avisDePassage: (p: Parameters<typeof avisDePassage>[0]) => service.envoyer(avisDePassage(p)),

    async envoyer(message: Message): Promise<ResultatEnvoi> {
      if (!transport) {
        const contenu =
          config.env === 'production' ? { a: message.a, sujet: message.sujet } : message;
        log.info({ mail: contenu }, 'mail : SMTP_URL absent, message écrit au journal');
        return 'JOURNAL';
      }
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.a,
          subject: message.sujet,
          text: message.texte,
        });
        return 'ENVOYE';
      } catch (error) {
        log.warn(
          { erreur: erreurPourJournal(error), a: message.a, sujet: message.sujet },
          'mail : envoi en échec',
        );
        return 'ECHEC';
      }
    },
    fermer(): void {
      transport?.close();
    },
  };
  return service;
}
export type MailService = ReturnType<typeof createMailService>;
