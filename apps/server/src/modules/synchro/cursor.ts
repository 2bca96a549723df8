import type { Checkpoint } from '@estive/contracts';

/** Position in a feed: the `(change_xid, id)` of the last row served. */
export interface Curseur {
  xid: string;
  id: number;
}

export const DEBUT: Curseur = { xid: '0', id: 0 };

/**
 * The checkpoint is opaque to devices. `lastSync` carries the scope it was computed for and the
 * transaction id, `id` the row id. A checkpoint from another scope (the user switched his active
 * right) restarts the feed from the beginning rather than skip the new scope's older rows.
 */
export function encoderCheckpoint(scope: string, curseur: Curseur): Checkpoint {
  return { id: String(curseur.id), lastSync: `${scope}.${curseur.xid}` };
}

export function decoderCheckpoint(
  scope: string,
  checkpoint: { id?: string; lastSync?: string },
): Curseur {
  const { id, lastSync } = checkpoint;
  if (id === undefined || lastSync === undefined) return DEBUT;
  const point = lastSync.lastIndexOf('.');
  const xid = lastSync.slice(point + 1);
  if (point < 0 || lastSync.slice(0, point) !== scope) return DEBUT;
  // Anything else than the server's own digits (a device date, garbage) restarts the feed: a
  // full resend is harmless, a skipped row is not.
  if (!/^\d{1,20}$/.test(xid) || !/^\d{1,18}$/.test(id)) return DEBUT;
  return { xid, id: Number(id) };
}
