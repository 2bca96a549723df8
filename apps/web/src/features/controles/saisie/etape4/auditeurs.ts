import type { Auditeur } from '@estive/contracts';
import { api } from '../../../../lib/api';
import { estEnLigne } from '../../../../offline/connectivity';
import { db } from '../../../../offline/db';
import { ecrireMeta, lireMeta } from '../../../../offline/sync/meta';
import { droitActif } from '../../../../offline/session/session';

export type { Auditeur };

/** The auditors of one ODG as last fetched, kept in the device's `meta` table for offline use. */
export interface ListeAuditeurs {
  odgId: string;
  /** When the list was fetched (ISO): shown offline, so the controller knows how old it is. */
  date: string;
  auditeurs: Auditeur[];
}

// One entry per ODG: an animator switching rights must not see the other ODG's controllers.
const cle = (odgId: string) => `auditeurs:${odgId}`;

export const lireAuditeursEnCache = (odgId: string) => lireMeta<ListeAuditeurs>(db, cle(odgId));

/** GET /api/principal/auditeurs for the active right, then kept on the device. */
export async function telechargerAuditeurs(odgId: string): Promise<ListeAuditeurs> {
  const auditeurs = await api('GET /api/principal/auditeurs', { timeoutMs: 10_000 });
  const liste: ListeAuditeurs = {
    odgId,
    date: new Date().toISOString(),
    auditeurs,
  };
  await ecrireMeta(db, cle(odgId), liste);
  return liste;
}

/**
 * Fills the device's list while online (after sign-in, on a change of active right), so the
 * dialog works offline even if never opened online. A failure only leaves the older list.
 */
export async function prechargerAuditeurs(): Promise<void> {
  const droit = droitActif();
  if (!droit || !estEnLigne()) return;
  try {
    await telechargerAuditeurs(droit.odgId);
  } catch {
    // Nothing to tell the user here: the dialog fetches again when it opens.
  }
}
