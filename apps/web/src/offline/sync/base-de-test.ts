import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { FLUX } from './entities';
import { suiviNonSynchronises } from './nonSynchronises';

/**
 * A fresh device store (fake-indexeddb) with the tables the sync engine writes, and the app's
 * list of unsynced controls in `meta` (`ouvrirBase` uses the same middleware).
 */
export async function ouvrirBaseDeTest(): Promise<Dexie> {
  const db = new Dexie(`estive-test-${crypto.randomUUID()}`);
  db.version(1).stores({
    ...Object.fromEntries(FLUX.map((f) => [f.table, 'id'])),
    meta: 'key',
    fichiers: 'id, controleId',
  });
  db.use(suiviNonSynchronises);
  await db.open();
  return db;
}
