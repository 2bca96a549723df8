import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../demo/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate:
      { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}

export const TEMPLATE_DB = 'estive_test_template';

/**
 * Migrates and seeds one template database for the whole run; each test file then starts from a
 * copy (a PGlite data-dir dump, or a PostgreSQL `CREATE DATABASE … TEMPLATE`).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = withDatabase(url, TEMPLATE_DB);
    const handle = await openDatabase({ databaseUrl: templateUrl });
    await handle.migrate();
    await seedDemo(handle.db);
    await handle.close();
    project.provide('databaseTemplate', { kind: 'postgres', url, template: TEMPLATE_DB });
    return;
  }
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  await handle.migrate();
  await seedDemo(handle.db);
  if (!handle.pglite) throw new Error('base memory:// sans client PGlite');
  const dump = await handle.pglite.dumpDataDir('gzip');
  const file = path.join(os.tmpdir(), `estive-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('databaseTemplate', { kind: 'pglite', file });
  return () => rmSync(file, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
