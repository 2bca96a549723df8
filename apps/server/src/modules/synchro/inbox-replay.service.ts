import type { FastifyBaseLogger } from 'fastify';
import type { PushControlesResponse } from '@estive/contracts';
import type { Database } from '../../db/client';
import type { Acteur } from '../../lib/acteur';
import { createInboxRepository } from './inbox.repository';
import { createPushControleService } from './push-controle.service';

/**
 * The data part as the device sent it, from what the inbox holds: unreadable JSON was kept as
 * `{ brut }`, a value jsonb refuses (NUL, lone surrogate) as the base64 of its text.
 */
export function donneesRecues(stocke: unknown): { payload: unknown; lisible: boolean } {
  let payload = stocke;
  if (typeof stocke === 'object' && stocke !== null && 'jsonBase64' in stocke) {
    try {
      payload = JSON.parse(Buffer.from(String(stocke.jsonBase64), 'base64').toString('utf8'));
    } catch {
      return { payload: stocke, lisible: false };
    }
  }
  const brut =
    typeof payload === 'object' &&
    payload !== null &&
    Object.keys(payload).length === 1 &&
    'brut' in payload;
  return { payload, lisible: !brut };
}

export type IssueRejeu =
  | { inboxId: number; statut: 'REJOUE'; reponse: PushControlesResponse }
  | { inboxId: number; statut: 'IGNORE'; motif: string };

/**
 * Replay of inbox entries (docs/operations.md 'Inbox and replay'): a control push stored but never
 * judged (the process stopped in between), or one to judge again after a fix. Each entry goes
 * through the push's own path under its sender's rights of today; applying twice is harmless
 * (newControles on clientUuid, edits on their sha256: DOUBLON).
 */
export function createInboxReplayService(
  db: Database,
  log: Pick<FastifyBaseLogger, 'error'>,
  acteurDe: (utilisateurId: number, droitId: number | null) => Promise<Acteur | null>,
) {
  const inbox = createInboxRepository(db);
  const controles = createPushControleService(db, inbox, log);
  return {
    controlesEnAttente: () => inbox.controlesEnAttente(),

    async rejouer(inboxId: number): Promise<IssueRejeu> {
      const entree = await inbox.lire(inboxId);
      if (!entree) return { inboxId, statut: 'IGNORE', motif: 'entrée introuvable' };
      if (entree.kind !== 'controle') {
        return { inboxId, statut: 'IGNORE', motif: `entrée de type ${entree.kind}` };
      }
      const acteur = await acteurDe(entree.utilisateurId, entree.droitId);
      if (!acteur) return { inboxId, statut: 'IGNORE', motif: 'utilisateur absent ou désactivé' };
      try {
        const reponse = await controles.rejouer(acteur, {
          inboxId,
          ...donneesRecues(entree.payload),
          fichiers: await inbox.fichiers(inboxId),
        });
        return { inboxId, statut: 'REJOUE', reponse };
      } catch (e) {
        return { inboxId, statut: 'IGNORE', motif: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}
