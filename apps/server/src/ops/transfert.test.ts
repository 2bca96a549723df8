import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { openTestDatabase, type TestDatabase } from '../test/test-app';
import { tablesOrdonnees, transferer, type Executant } from './transfert';

let source: TestDatabase;
let cible: DatabaseHandle;
beforeAll(async () => {
  source = await openTestDatabase();
  cible = await openDatabase({ pgliteDir: 'memory://' });
  await cible.migrate();
});
afterAll(async () => {
  await source.close();
  await cible.close();
});

/** The seeded test database: PGlite, or PostgreSQL in the CI run (the copy only reads it). */
const lecteur = (h: DatabaseHandle): Executant => {
  const client = h.pglite ?? h.pool;
  if (!client) throw new Error('base de test sans client');
  return client;
};
/** The empty target: always an embedded one, whose session the copy holds in one transaction. */
const pglite = (h: DatabaseHandle) => {
  if (!h.pglite) throw new Error('PGlite attendu');
  return h.pglite;
};

describe('PGlite → PostgreSQL transfer', () => {
  it('copies every table as it is, and keeps device checkpoints valid', async () => {
    const src = lecteur(source);
    const dst = pglite(cible);
    const bilan = await transferer(src, dst);
    for (const t of await tablesOrdonnees(src)) {
      const q = `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h, count(*)::int as n from "${t}" x`;
      const [a] = (await src.query<{ h: string; n: number }>(q)).rows;
      const [b] = (await dst.query<{ h: string; n: number }>(q)).rows;
      expect({ t, ...b }).toEqual({ t, ...a });
      expect(bilan.tables.find((x) => x.table === t)?.lignes).toBe(a?.n);
    }
    expect(bilan.tables.find((x) => x.table === 'personne_morale')?.lignes).toBeGreaterThan(100);
    // A device's checkpoint holds the source's transaction ids: the target's next ones are above.
    const [max] = (
      await src.query<{ m: string }>('select max(change_xid)::text as m from controle')
    ).rows;
    const [courant] = (await dst.query<{ x: string }>('select pg_current_xact_id()::text as x'))
      .rows;
    expect(BigInt(courant?.x ?? '0')).toBeGreaterThan(BigInt(max?.m ?? '0'));
    // Identity sequences follow: a new row gets an id above the copied ones.
    const [{ id } = { id: 0 }] = (
      await dst.query<{ id: number }>(
        `insert into front_log (source, logs, creation) values ('t', 'x', now()) returning id::int`,
      )
    ).rows;
    const [maxSrc] = (
      await src.query<{ m: number | null }>('select max(id)::int as m from front_log')
    ).rows;
    expect(id).toBeGreaterThan(maxSrc?.m ?? 0);
    // Triggers are back on: an update bumps the version.
    const [v] = (
      await dst.query<{ avant: number; apres: number }>(
        `with a as (select id, version from controle order by id limit 1),
              u as (update controle c set statut = c.statut from a where c.id = a.id returning c.version)
         select (select version from a) as avant, (select version from u) as apres`,
      )
    ).rows;
    expect(v?.apres).toBe((v?.avant ?? 0) + 1);
  });

  it('refuses a target that already holds users', async () => {
    await expect(transferer(lecteur(source), pglite(cible))).rejects.toThrow(
      'La base cible contient déjà des utilisateurs',
    );
  });
});
