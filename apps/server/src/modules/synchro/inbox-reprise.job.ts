import type { FastifyBaseLogger } from 'fastify';
import { erreurPourJournal } from '../../lib/erreur-journal';
import type { InboxRepository } from './inbox.repository';
import type { IssueRejeu } from './inbox-replay.service';

/** How often a node looks for stored pushes left unjudged. */
export const INTERVALLE_REPRISE_MS = 15_000;
/**
 * A push younger than this may still be judged by the request that brought it: left to it. Only
 * a first pass at start takes every entry (this node judges nothing yet).
 */
export const AGE_MINIMAL_MS = 20_000;
/** A lease older than this belongs to a node that died: another takes the entry. */
export const BAIL_MS = 40_000;
const TENTATIVES_MAX = 5;
const PAR_PASSE = 100;

/**
 * Resumes every stored-but-unjudged control push (docs/architecture.md §5: a push interrupted by a
 * crash or a restart is resumed at start and periodically), under a lease per entry so that several
 * nodes share the work. Judging again is harmless: creations are idempotent on their clientUuid,
 * edits on the sha256 of their entry. Returns the stopper; timers never keep the process alive.
 */
export function demarrerRepriseInbox(
  inbox: Pick<InboxRepository, 'prendreAReprendre'>,
  rejouer: (inboxId: number) => Promise<IssueRejeu>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  intervalleMs = INTERVALLE_REPRISE_MS,
): { arreter: () => void; passe: (ageMs?: number) => Promise<number> } {
  let enCours: Promise<number> | null = null;

  async function reprendre(ageMs: number): Promise<number> {
    let faites = 0;
    for (;;) {
      const ids = await inbox.prendreAReprendre({
        ageMs,
        bailMs: BAIL_MS,
        tentativesMax: TENTATIVES_MAX,
        max: PAR_PASSE,
      });
      for (const id of ids) {
        const issue = await rejouer(id);
        if (issue.statut === 'IGNORE')
          log.error({ inboxId: id, motif: issue.motif }, 'synchro: reprise non aboutie');
        faites++;
      }
      if (ids.length < PAR_PASSE) return faites;
    }
  }

  /** One pass at a time in this process; a pass asked meanwhile joins the running one. */
  function passe(ageMs = AGE_MINIMAL_MS): Promise<number> {
    enCours ??= reprendre(ageMs)
      .then((n) => {
        if (n > 0) log.info({ reprises: n }, 'synchro: envois stockés repris');
        return n;
      })
      .catch((error: unknown) => {
        log.error({ erreur: erreurPourJournal(error) }, 'synchro: reprise en échec');
        return 0;
      })
      .finally(() => {
        enCours = null;
      });
    return enCours;
  }

  const premier = setTimeout(() => void passe(0), 1_000);
  const periodique = setInterval(() => void passe(), intervalleMs);
  premier.unref();
  periodique.unref();
  return {
    arreter: () => {
      clearTimeout(premier);
      clearInterval(periodique);
    },
    passe,
  };
}
