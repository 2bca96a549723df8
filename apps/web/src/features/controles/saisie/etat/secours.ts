import type { EstiveDb } from '../../../../offline/db';
import { CLES } from '../../../../offline/storage';
import { enregistrerBrouillon, type Brouillon } from './enregistrement';

/**
 * A synchronous copy of the draft, taken when the page is hidden or closed. The autosave then
 * writes to IndexedDB too, but a transaction still running when the page unloads may never
 * commit (a reload right after typing lost the observation): localStorage is written before the
 * handler returns. The copy is applied to the device store the next time the visit opens, then
 * dropped; every completed save drops it as well.
 */
const cle = (ids: readonly string[]) => `${CLES.secours}${[...ids].sort().join(',')}`;

interface Secours {
  brouillon: Brouillon;
  maintenant: number;
}

export function deposerSecours(ids: readonly string[], brouillon: Brouillon): void {
  try {
    localStorage.setItem(cle(ids), JSON.stringify({ brouillon, maintenant: Date.now() }));
  } catch {
    // Storage full or denied: the IndexedDB save started beside it is the only copy.
  }
}

export function retirerSecours(ids: readonly string[]): void {
  localStorage.removeItem(cle(ids));
}

/**
 * Writes a rescue copy left by a closed page into the device store, unless a sync or a later
 * save made the stored controls newer. Unreadable or orphan copies are dropped.
 */
export async function appliquerSecours(base: EstiveDb, ids: readonly string[]): Promise<boolean> {
  const texte = localStorage.getItem(cle(ids));
  if (texte === null) return false;
  try {
    // Written by deposerSecours under this key: a Secours back (a damaged one throws, is dropped).
    const { brouillon, maintenant } = JSON.parse(texte) as Secours;
    const stockes = await base.controles.bulkGet([...ids]);
    const plusRecent = stockes.some((c) => (c?.timestamp ?? 0) > maintenant);
    if (plusRecent || !brouillon.edite) return false;
    await enregistrerBrouillon(base, ids, brouillon, maintenant);
    return true;
  } catch {
    return false;
  } finally {
    retirerSecours(ids);
  }
}
