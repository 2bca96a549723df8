import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { z } from 'zod';
import { colonne, ligne, ligneCompte } from './lignes';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded client, when embedded (to dump a template in tests). */
  pglite?: PGlite;
  /** The PostgreSQL pool, when on PostgreSQL (its usage is a metric). */
  pool?: pg.Pool;
  /** Writes to what an actor is read from, as this node hears them (migration 0030). */
  acteurs: SuiviActeurs;
  /**
   * For the named statements of `lignesPreparees` (the basket's search): on PostgreSQL a small
   * pool of its own whose sessions always use a statement's generic plan, planned once per
   * connection instead of at every run (docs/decisions.md, 'The basket's search'). The same
   * database on PGlite, which has no named statements.
   */
  dbGenerique: Database;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The channel migration 0030's triggers notify: a user, right, ODG or session changed. */
export const CANAL_ACTEURS = 'estive_acteurs';

/**
 * What a node heard of writes to users, rights, ODGs and sessions: the actor cache
 * (plugins/auth.ts) keeps an entry only while the generation it was read under is current.
 */
export interface SuiviActeurs {
  /** Moves on at every such write heard, and whenever this node may have missed one. */
  generation(): number;
  /** False while none of this node's connections listens: then nothing may be kept. */
  ecoute(): boolean;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** PostgreSQL when a URL is given, else embedded PGlite (a directory, or `memory://`). */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  /** Told when an idle connection is lost (the pool recovers by itself). */
  onPoolError?: (err: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl && !options.databaseUrl.startsWith('memory://')) {
    let generation = 0;
    const ecoutants = new Set<pg.ClientBase>();
    /** The transactions heard: every listening connection hears each one. */
    const entendues = new Set<string>();
    /**
     * Every connection listens before the pool hands it out: the connection that writes
     * hears its own notification before its COMMIT's answer (PostgreSQL delivers it before
     * ReadyForQuery), so a request after a logout or a right removed on this node never finds the
     * old actor; other nodes hear it through their own connections a moment later.
     */
    const ecouterActeurs = async (client: pg.ClientBase) => {
      client.on('notification', (n) => {
        if (n.channel !== CANAL_ACTEURS || entendues.has(n.payload ?? '')) return;
        // Bounded: forgetting one only counts it again, an invalidation more.
        if (entendues.size >= 1_000) entendues.clear();
        entendues.add(n.payload ?? '');
        generation++;
      });
      try {
        await client.query(`LISTEN ${CANAL_ACTEURS}`);
        ecoutants.add(client);
      } catch {
        // A connection that cannot listen is only not counted; its next query fails on its own.
      }
    };
    const reglages = {
      connectionString: options.databaseUrl,
      // A database that does not answer fails the request (503) instead of queueing it forever.
      connectionTimeoutMillis: 5_000,
      // One forgotten transaction must not hold back every feed behind the snapshot bound.
      idle_in_transaction_session_timeout: 60_000,
      statement_timeout: 60_000,
      // Awaited by the pool before the connection is handed out (pg-pool 3.14, index.js
      // `_promiseTry(() => this.options.onConnect(client))`; @types/pg types it void).
      onConnect: ecouterActeurs,
    };
    const pool = new pg.Pool({ ...reglages, max: 10 });
    // Only statements written for a generic plan run there (their texts take few shapes, the
    // prefix is an index range a generic plan uses): elsewhere PostgreSQL keeps choosing.
    const poolGenerique = new pg.Pool({
      ...reglages,
      // Four: more searches at once only queue inside PostgreSQL on a small machine (10 measured
      // slower than 4 on 2 cores, bench/recherche).
      max: 4,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    for (const p of [pool, poolGenerique]) {
      // An idle client whose server went away (restart, failover) emits 'error' on the pool;
      // unhandled, it would end the process. The pool drops that client and opens a new one when
      // needed.
      p.on('error', (err) => {
        options.onPoolError?.(err);
      });
      // A checked-out client (a transaction, the LISTEN connection, the migration lock: anything
      // `pool.connect()` hands out) has no pool listener: PostgreSQL restarting under it emitted
      // an unhandled 'error' and ended the process (issue 28 item 1). Each client gets one
      // listener for its whole life; the query in flight still fails with that error (503 for its
      // request), the client is no longer queryable, and the pool drops it at release.
      p.on('connect', (client) => {
        client.on('error', (err) => {
          options.onPoolError?.(err);
        });
      });
      p.on('remove', (client) => {
        if (!ecoutants.delete(client)) return;
        // Its notifications stop with it: with none left a write could go unheard.
        generation++;
      });
    }
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pool,
      acteurs: { generation: () => generation, ecoute: () => ecoutants.size > 0 },
      dbGenerique: drizzlePg(poolGenerique, { schema }),
      migrate: () => migrateUnderLock(pool),
      close: async () => {
        await Promise.all([pool.end(), poolGenerique.end()]);
      },
    };
  }
  const dataDir = options.databaseUrl ?? options.pgliteDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    acteurs: await suivreActeursPglite(client),
    dbGenerique: db,
    migrate: async () => {
      const avant = await migrationsAppliquees(db);
      await migratePglite(db, { migrationsFolder });
      // PGlite has no autovacuum: after a migration that rewrites rows (0022 rewrote the word
      // index), index-only scans would read the heap and the planner lack statistics until the
      // next seed. PostgreSQL's autovacuum does this by itself.
      if ((await migrationsAppliquees(db)) !== avant) await db.execute(sql`vacuum analyze`);
    },
    close: () => client.close(),
  };
}

/** PGlite: one connection, in this process; a write's notification comes with its answer. */
export async function suivreActeursPglite(client: PGlite): Promise<SuiviActeurs> {
  let generation = 0;
  await client.listen(CANAL_ACTEURS, () => {
    generation++;
  });
  return { generation: () => generation, ecoute: () => true };
}

/** Whether drizzle's migration journal exists yet, and how many migrations it lists. */
const ligneJournal = z.object({ existe: colonne.booleen });

async function migrationsAppliquees(db: Database): Promise<number> {
  const journal = await ligne(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as existe`,
    ligneJournal,
  );
  if (!journal.existe) return 0;
  return (
    await ligne(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`, ligneCompte)
  ).n;
}

/** Advisory-lock key of migrations ('estive' 0): one node migrates, the others wait, then find
 * nothing left to do. */
const VERROU_MIGRATIONS = 0x657374_00;

/**
 * Several nodes starting together must not run the same migration twice: the first takes a
 * session advisory lock on one connection, the others wait on it.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [VERROU_MIGRATIONS]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [VERROU_MIGRATIONS]).catch(() => undefined);
    client.release();
  }
}
