import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { FLUX } from './entities';

/** A fresh device store (fake-indexeddb) with the tables the sync engine writes. */
export async function ouvrirBaseDeTest(): Promise<Dexie> {
  const db = new Dexie(`estive-test-${crypto.randomUUID()}`);
  db.version(1).stores({
    ...Object.fromEntries(FLUX.map((f) => [f.table, 'id'])),
    meta: 'key',
    fichiers: 'id, controleId',
  });
  await db.open();
  return db;
}
