import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { champDe, type ResultatEnvoi } from '@estive/domain';
import type { Config } from '../../config';
import { erreurPourJournal } from '../../lib/erreur-journal';
import { avisDePassage, invitation, relanceManquement } from './messages';

export interface Message {
  a: string;
  sujet: string;
  texte: string;
}

export type { ResultatEnvoi };

/**
 * Waits before each new attempt after a failure: 3 attempts over about 12 s. A refusal (4xx or
 * 5xx) or a server down is tried again too: a relay that refuses is often being fixed, and the
 * caller learns ECHEC only once every attempt has failed.
 */
export const DELAIS_REESSAI_MS = [2_000, 10_000] as const;

/** Why the last attempt failed, for the log and the task's report: the SMTP answer if any. */
export function raisonEchec(error: unknown): string {
  const reponse = champDe(error, 'response');
  if (typeof reponse === 'string' && reponse) return reponse.slice(0, 200);
  return String(champDe(error, 'code') ?? champDe(error, 'message') ?? error).slice(0, 200);
}

/**
 * Outgoing mail (issue 16 §5) through SMTP (`SMTP_URL`). Without it, messages are written to the
 * log: whole outside production (a laptop reads the temporary password there), only recipient
 * and subject in production, where a password must never reach a log. A failed send never fails
 * the action that caused it: the caller gets ECHEC and the log has why.
 */
export function createMailService(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  delais: readonly number[] = DELAIS_REESSAI_MS,
) {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  /** The last failure's reason, read by the task that reports it (Tâches). */
  let derniereRaison: string | null = null;
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
      for (let tentative = 0; ; tentative++) {
        try {
          // Resolved only once the server answered 250 to the message: accepted, not just sent.
          const info = await transport.sendMail({
            from: config.mailFrom,
            to: message.a,
            subject: message.sujet,
            text: message.texte,
          });
          if (info.rejected.length > 0) throw new Error('destinataire refusé');
          return 'ENVOYE';
        } catch (error) {
          derniereRaison = raisonEchec(error);
          const delai = delais[tentative];
          log.warn(
            {
              erreur: erreurPourJournal(error),
              a: message.a,
              sujet: message.sujet,
              tentative: tentative + 1,
            },
            delai === undefined ? 'mail : envoi en échec' : 'mail : envoi en échec, nouvel essai',
          );
          if (delai === undefined) return 'ECHEC';
          await new Promise((r) => setTimeout(r, delai));
        }
      }
    },
    derniereRaison: () => derniereRaison,
    fermer(): void {
      transport?.close();
    },
  };
  return service;
}
export type MailService = ReturnType<typeof createMailService>;
