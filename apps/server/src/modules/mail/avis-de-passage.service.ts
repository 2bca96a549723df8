import { ROLES_BUREAU } from '@estive/domain';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { conflict, notFound } from '../../lib/errors';
import type { AvisDePassageRepository } from './avis-de-passage.repository';
import type { MailService } from './mail.service';

export const MESSAGES_MAIL = {
  avisEnvoye: "L'avis de passage a été envoyé à l'opérateur",
  /** Without SMTP_URL nothing leaves the server: saying "envoyé" would be false. */
  avisJournal:
    "L'avis de passage a été écrit au journal du serveur (aucun serveur de mail configuré)",
  sansAdresse: "L'opérateur n'a pas d'adresse mail",
  echec: "L'avis de passage n'a pas pu être envoyé",
  /** Issue 32 item 6: offered only once the round is finalised (its letter exists then). */
  nonFinalisee: "L'avis de passage est envoyé une fois la tournée finalisée",
} as const;

/** Sends the avis de passage of a programmed control of the perimeter to its operator. */
export function createAvisDePassageService(repository: AvisDePassageRepository, mail: MailService) {
  return {
    async envoyer(acteur: Acteur, controleId: number) {
      requireRole(acteur, ...ROLES_BUREAU);
      const avis = await repository.lire(controleId, requirePerimetre(acteur));
      if (!avis) throw notFound('Contrôle introuvable');
      if (avis.tourneeStatut === 'PREPARATION') throw conflict(MESSAGES_MAIL.nonFinalisee);
      if (!avis.mail) throw conflict(MESSAGES_MAIL.sansAdresse);
      const resultat = await mail.avisDePassage({
        a: avis.mail,
        raisonSociale: avis.raisonSociale,
        date: avis.date,
        heure: avis.heure === '00:00' ? null : avis.heure,
        aopIgps: avis.aopIgps,
        controleur: avis.controleur ?? 'un contrôleur',
        odg: avis.odg,
      });
      if (resultat === 'ECHEC') throw conflict(MESSAGES_MAIL.echec);
      const message = resultat === 'ENVOYE' ? MESSAGES_MAIL.avisEnvoye : MESSAGES_MAIL.avisJournal;
      return { resultat, message };
    },
  };
}
export type AvisDePassageService = ReturnType<typeof createAvisDePassageService>;
