import 'fake-indexeddb/auto';
import { Dexie, type DBCore, type Middleware } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ouvrirBase, SCHEMA_V1, SCHEMA_V2, type EstiveDb } from '../db';
import { controleLocal } from '../fixtures.test-helpers';
import { PREFIXE_NON_SYNCHRONISE, idsNonSynchronises } from './nonSynchronises';

let base: EstiveDb;
const nom = () => `test-${crypto.randomUUID()}`;
afterEach(() => base.delete());

/** What the list must be: the controls held with `sync === false`, in id order. */
const attendus = async (db: Dexie) =>
  (await db.table<{ id: string; sync?: boolean }, string>('controles').toArray())
    .filter((c) => c.sync === false)
    .map((c) => c.id)
    .sort();

const c = (id: string, sync: boolean) => controleLocal({ id, sync });

describe('the unsynced controls kept in meta', () => {
  it('follows every kind of write to the controls, in any table API', async () => {
    base = ouvrirBase(nom());
    await base.controles.put(c('1', false));
    await base.controles.bulkPut([c('2', false), c('3', true), c('4', false)]);
    await base.controles.add(c('5', false));
    expect(await idsNonSynchronises(base)).toEqual(['1', '2', '4', '5']);

    await base.controles.update('3', { sync: false }); // an entry saved on a synced control
    await base.controles.update('1', { sync: true }); // an acknowledged push
    await base.controles.bulkUpdate([{ key: '2', changes: { sync: true } }]);
    await base.controles.where('id').anyOf(['4', '5']).modify({ statut: 'EN_COURS' });
    expect(await idsNonSynchronises(base)).toEqual(['3', '4', '5']);

    await base.controles.delete('3');
    await base.controles.bulkDelete(['4']);
    await base.controles.where('id').equals('5').delete();
    expect(await idsNonSynchronises(base)).toEqual([]);

    await base.controles.bulkPut([c('a', false), c('b', false), c('c', false)]);
    await base.controles.where('id').between('a', 'b', true, true).delete();
    expect(await idsNonSynchronises(base)).toEqual(['c']);
    await base.controles.clear();
    expect(await idsNonSynchronises(base)).toEqual([]);
    // Only its own entries: the other meta keys stay.
    await base.meta.put({ key: 'derniereSynchro', value: 'x' });
    await base.controles.put(c('z', false));
    await base.controles.clear();
    expect(await base.meta.get('derniereSynchro')).toEqual({ key: 'derniereSynchro', value: 'x' });
    expect(await base.meta.where('key').startsWith(PREFIXE_NON_SYNCHRONISE).count()).toBe(0);
  });

  it('is the set of unsynced controls after any sequence of writes, transactions and aborts', async () => {
    base = ouvrirBase(nom());
    // A seeded generator: the same 400 operations every run, reproducible when one fails.
    let graine = 29;
    const hasard = (n: number) => {
      graine = (graine * 1103515245 + 12345) % 2 ** 31;
      return graine % n;
    };
    const id = () => String(hasard(12));
    const sync = () => hasard(2) === 0;
    const operations: (() => Promise<unknown>)[] = [
      () => base.controles.put(c(id(), sync())),
      () => base.controles.bulkPut([c(id(), sync()), c(id(), sync())]),
      () => base.controles.update(id(), { sync: sync() }),
      () => base.controles.delete(id()),
      () => base.controles.where('id').anyOf([id(), id()]).modify({ sync: sync() }),
      () => base.controles.where('id').below(id()).delete(),
      () =>
        base.transaction('rw', base.controles, async () => {
          await base.controles.put(c(id(), false));
          await base.controles.update(id(), { sync: true });
        }),
      () =>
        base
          .transaction('rw', base.controles, async () => {
            await base.controles.put(c(id(), false));
            await base.controles.delete(id());
            throw new Error('abandon');
          })
          .catch(() => undefined),
    ];
    for (let i = 0; i < 400; i++) {
      await operations[hasard(operations.length)]!();
      expect(await idsNonSynchronises(base), `après l'opération ${i}`).toEqual(
        await attendus(base),
      );
    }
  });

  it('is written in the transaction of a writer that named only the controls (as the screens do)', async () => {
    base = ouvrirBase(nom());
    await base.transaction('rw', base.controles, base.fichiers, async () => {
      await base.controles.put(c('10', false));
    });
    expect(await idsNonSynchronises(base)).toEqual(['10']);
  });
});

describe('a write and its entry commit or abort together', () => {
  it('a transaction aborted after the control was written leaves neither', async () => {
    base = ouvrirBase(nom());
    await base.controles.put(c('1', true));
    await expect(
      base.transaction('rw', base.controles, async () => {
        await base.controles.put(c('1', false));
        await base.controles.put(c('2', false));
        // The entries are written by now, in this transaction: the abort takes them back.
        expect(await Dexie.currentTransaction.table('controles').count()).toBe(2);
        Dexie.currentTransaction.abort();
      }),
    ).rejects.toThrow();
    expect(await base.controles.get('1')).toMatchObject({ sync: true });
    expect(await base.controles.get('2')).toBeUndefined();
    expect(await idsNonSynchronises(base)).toEqual([]);
  });

  it('an entry that cannot be written takes the control write down with it, even when the caller catches', async () => {
    const n = nom();
    base = ouvrirBase(n);
    await base.controles.put(c('1', true));
    base.close();
    // Below the list's middleware, a meta store that refuses every write (a full disk, a crash).
    const panne: Middleware<DBCore> = {
      stack: 'dbcore',
      level: 5,
      create: (bas) => ({
        ...bas,
        table: (t) =>
          t === 'meta'
            ? { ...bas.table(t), mutate: () => Promise.reject(new Error('disque plein')) }
            : bas.table(t),
      }),
    };
    const enPanne = ouvrirBase(n).use(panne);
    await enPanne
      .transaction('rw', enPanne.controles, async () => {
        await enPanne.controles.put(c('1', false)).catch(() => undefined);
        await enPanne.controles.put(c('2', false)).catch(() => undefined);
      })
      .catch(() => undefined);
    enPanne.close();
    base = ouvrirBase(n);
    expect(await base.controles.get('1')).toMatchObject({ sync: true });
    expect(await base.controles.get('2')).toBeUndefined();
  });
});

describe('a device upgraded from version 2', () => {
  const v2 = async (n: string) => {
    const ancienne = new Dexie(n);
    ancienne.version(1).stores(SCHEMA_V1);
    ancienne.version(2).stores(SCHEMA_V2);
    await ancienne
      .table('controles')
      .bulkPut([c('local-1', false), c('12', false), c('13', true), c('14', false)]);
    ancienne.close();
  };

  it('builds the list once, by a scan, when it opens the new version', async () => {
    const n = nom();
    await v2(n);
    base = ouvrirBase(n);
    await base.open();
    expect(base.verno).toBe(3);
    expect(await idsNonSynchronises(base)).toEqual(['12', '14', 'local-1']);
  });

  it('never scans again: a later opening reads the list as it is', async () => {
    const n = nom();
    await v2(n);
    base = ouvrirBase(n);
    await base.open();
    base.close();
    // An entry removed behind the app's back (a raw store without the middleware)...
    const brute = new Dexie(n);
    brute.version(3).stores(SCHEMA_V2);
    await brute.table('meta').delete(`${PREFIXE_NON_SYNCHRONISE}14`);
    brute.close();
    // ...stays removed: opening the store again builds nothing.
    base = ouvrirBase(n);
    expect(await idsNonSynchronises(base)).toEqual(['12', 'local-1']);
  });
});
