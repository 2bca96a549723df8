import type { Dexie } from 'dexie';

/** The device's Dexie database (offline/db.ts); named here so that Dexie-free code can open it. */
export const NOM_BASE = 'estive';

/** The `meta` collection holds key/value pairs (user, last sync date, checkpoints, app version). */
export interface EntreeMeta<T> {
  key: string;
  value: T;
}

/** Keys of the `meta` collection (checkpoints are keyed by entity). */
export const META = {
  principal: 'principal',
  utilisateur: 'utilisateur',
  /** The device's own record of its last successful sync run (what the UI shows). */
  derniereSynchro: 'derniereSynchro',
  versionApp: 'versionApp',
} as const;

export async function lireMeta<T>(db: Dexie, key: string): Promise<T | undefined> {
  const entree = await db.table<EntreeMeta<T>, string>('meta').get(key);
  return entree?.value;
}

export async function ecrireMeta(db: Dexie, key: string, value: unknown): Promise<void> {
  await db.table<EntreeMeta<unknown>, string>('meta').put({ key, value });
}
