import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { compterRequete, rendreRequete } from '../modules/system/rate-limit.repository';

export interface LimiteConnexion {
  /** Attempts (failed or still in flight) allowed in one window. */
  max: number;
  fenetreMs: number;
}

/**
 * Counts login attempts in PostgreSQL (every node shares the counters), by address and by account.
 * Each attempt counts when it starts, atomically, so a burst of parallel tries cannot slip past the
 * limit; a successful one is given back, so a NAT address with many good logins is never throttled.
 */
export function limiteurConnexionPostgres(
  db: Database,
  limites: { adresse: LimiteConnexion; compte: LimiteConnexion },
) {
  // Logins are user input of any length: the key holds their hash.
  const cleCompte = (login: string) =>
    `login|compte|${createHash('sha256').update(login.toLowerCase()).digest('hex')}`;
  const cleAdresse = (adresse: string) => `login|adresse|${adresse}`;
  return {
    /** Counts the attempt; answers the wait (ms) when one of the two limits is passed, else null. */
    async tenter(login: string, adresse: string): Promise<{ attenteMs: number } | null> {
      const parAdresse = await compterRequete(db, cleAdresse(adresse), limites.adresse.fenetreMs);
      const parCompte = await compterRequete(db, cleCompte(login), limites.compte.fenetreMs);
      const depasses = [
        { compteur: parAdresse, limite: limites.adresse },
        { compteur: parCompte, limite: limites.compte },
      ].filter(({ compteur, limite }) => compteur.compte > limite.max);
      if (depasses.length === 0) return null;
      return { attenteMs: Math.max(...depasses.map(({ compteur }) => compteur.ttlMs)) };
    },
    /** The attempt succeeded: it no longer counts. */
    async reussir(login: string, adresse: string): Promise<void> {
      await rendreRequete(db, cleAdresse(adresse));
      await rendreRequete(db, cleCompte(login));
    },
  };
}
export type LimiteurConnexion = ReturnType<typeof limiteurConnexionPostgres>;
