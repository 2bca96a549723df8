import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import {
  migrationsFolder,
  openDatabase,
  suivreActeursPglite,
  type DatabaseHandle,
} from '../db/client';
import * as schema from '../db/schema';
import { withDatabase } from './global-setup';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/** One fresh database for a whole test file, dropped after it. Read it through the getter. */
export function baseDuFichier(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error('base de test non ouverte (appel hors des tests ?)');
    return database;
  };
}

/** A fresh copy of the seeded template database, and the app built on it. */
export async function openTestDatabase(): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(template.file)]),
      extensions: { pg_trgm, unaccent },
    });
    const db = drizzle(client, { schema });
    return {
      db,
      kind: 'pglite',
      pglite: client,
      acteurs: await suivreActeursPglite(client),
      dbGenerique: db,
      migrate: () => migrate(db, { migrationsFolder }),
      close: () => client.close(),
      drop: async () => {},
    };
  }
  const name = `estive_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: withDatabase(template.url, name) });
  return {
    ...handle,
    drop: async () => {
      const a = new pg.Client({ connectionString: template.url });
      await a.connect();
      // pg's pool.end() resolves once it has *asked* its clients to close; a forced drop racing
      // their goodbye kills them with 57P01, an unhandled error. Wait for them to be gone first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await a.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export async function createTestApp(
  overrides: NodeJS.ProcessEnv = {},
  options: BuildOptions = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    WEB_DIST: '/nonexistent-web-dist',
    ...overrides,
  });
  const app = await buildApp(config, database, options);
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await database.drop();
    },
  };
}

export async function login(app: FastifyInstance, login: string, password = 'estive') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password },
  });
  const refreshCookie = res.cookies.find((c) => c.name === 'estive_refresh');
  return {
    res,
    accessToken: res.json<{ accessToken: string }>().accessToken,
    refreshCookie: refreshCookie?.value,
  };
}

export const bearer = (token: string, droit?: string) => ({
  authorization: `Bearer ${token}`,
  ...(droit ? { 'x-droit-actif': droit } : {}),
});

/**
 * The first element of a list a test expects non-empty: fails the test otherwise. Reads the same
 * with and without `noUncheckedIndexedAccess`.
 */
export function premier<T>(liste: readonly T[], quoi = 'élément'): T {
  const x = liste.at(0);
  if (x === undefined) throw new Error(`aucun ${quoi} : la liste est vide`);
  return x;
}
