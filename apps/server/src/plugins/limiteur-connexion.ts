import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { compterRequete, rendreRequete } from '../modules/system/rate-limit.repository';
import {
  oublierSerie,
  tenterDansSerie,
  type Serie,
} from '../modules/system/rate-limit-serie.repository';

export interface LimiteConnexion {
  /** Attempts (failed or still in flight) allowed in one window. */
  max: number;
  fenetreMs: number;
}

/** The longest wait an account imposes on devices it never signed in on (see below). */
export const ATTENTE_MAX_COMPTE_MS = 60_000;

/**
 * Login throttling without handing an attacker a lock (issue 28 item 6). Counted in PostgreSQL
 * (every node shares the counters), each attempt when it starts, so a burst cannot slip past:
 * - by address: failed or in-flight logins per minute, whatever the account (a NAT address shared
 *   by an ODG is never throttled by good logins: a success is given back);
 * - by account and address: past `paire.max` failures in a row, each further try from that address
 *   waits 1 s, 2 s, 4 s… up to the window. Guessing from one address slows to a crawl, and it
 *   slows only that address: the owner elsewhere is not touched;
 * - by account, from devices it never signed in on: past `compte.max` failures in a row from any
 *   address, each further try waits 1 s, 2 s… up to one minute. A botnet's guesses are bounded to
 *   about one a minute; the owner's known device (it carries a valid refresh cookie of this
 *   account) is exempt, so the worst an attacker achieves is a one-minute wait on a new device.
 * A success ends the account's and the pair's series.
 */
export function limiteurConnexionPostgres(
  db: Database,
  limites: { adresse: LimiteConnexion; compte: LimiteConnexion; paire: LimiteConnexion },
) {
  // Logins are user input of any length: the key holds their hash.
  const empreinte = (login: string) =>
    createHash('sha256').update(login.toLowerCase()).digest('hex');
  const cleAdresse = (adresse: string) => `login|adresse|${adresse}`;
  const serieCompte = (login: string): Serie => ({
    cle: `login|compte|${empreinte(login)}`,
    gratuites: limites.compte.max,
    attenteMaxMs: Math.min(ATTENTE_MAX_COMPTE_MS, limites.compte.fenetreMs),
    memoireMs: limites.compte.fenetreMs,
  });
  const seriePaire = (login: string, adresse: string): Serie => ({
    cle: `login|paire|${empreinte(login)}|${adresse}`,
    gratuites: limites.paire.max,
    attenteMaxMs: limites.paire.fenetreMs,
    memoireMs: limites.paire.fenetreMs,
  });
  return {
    /**
     * Counts the attempt; answers the wait (ms) when it must not be tried now, else null.
     * `appareilConnu`: it carries a valid refresh cookie of this account.
     */
    async tenter(
      login: string,
      adresse: string,
      appareilConnu: boolean,
    ): Promise<{ attenteMs: number; serie: boolean } | null> {
      const parAdresse = await compterRequete(db, cleAdresse(adresse), limites.adresse.fenetreMs);
      if (parAdresse.compte > limites.adresse.max)
        return { attenteMs: parAdresse.ttlMs, serie: false };
      const paire = await tenterDansSerie(db, seriePaire(login, adresse));
      if (paire) return { ...paire, serie: true };
      const compte = appareilConnu ? null : await tenterDansSerie(db, serieCompte(login));
      return compte && { ...compte, serie: true };
    },
    /** The attempt succeeded: it no longer counts, and the series start again. */
    async reussir(login: string, adresse: string): Promise<void> {
      await rendreRequete(db, cleAdresse(adresse));
      await oublierSerie(db, seriePaire(login, adresse));
      await oublierSerie(db, serieCompte(login));
    },
  };
}
export type LimiteurConnexion = ReturnType<typeof limiteurConnexionPostgres>;
