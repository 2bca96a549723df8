/**
 * `npm run db:pglite-vers-postgres -- <dossier pglite>`: copies an embedded database (a laptop's
 * `DATA_DIR/pglite`, server stopped) into the PostgreSQL of DATABASE_URL, which must be empty (it
 * is migrated here). Prints the rows copied per table.
 */
import pg from 'pg';
import { openDatabase } from '../db/client';
import { transferer } from './transfert';

const [dossier] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!dossier || !url) {
  console.error(
    'Usage : DATABASE_URL=postgres://… npm run db:pglite-vers-postgres -- <dossier pglite>',
  );
  process.exit(2);
}
// Both at the same schema version: the source's own migrations first, then the target's.
const source = await openDatabase({ pgliteDir: dossier });
await source.migrate();
const cibleBase = await openDatabase({ databaseUrl: url });
await cibleBase.migrate();
await cibleBase.close();
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  if (!source.pglite) throw new Error(`${dossier} : pas une base PGlite`);
  const pglite = source.pglite;
  const debut = performance.now();
  const bilan = await transferer(pglite, client);
  for (const { table, lignes } of bilan.tables)
    console.log(`${table.padEnd(32)} ${String(lignes).padStart(8)}`);
  const total = bilan.tables.reduce((s, t) => s + t.lignes, 0);
  console.log(
    `${String(total)} lignes copiées en ${String(Math.round(performance.now() - debut))} ms` +
      (bilan.xidAvance ? ` (${String(bilan.xidAvance)} identifiants de transaction avancés)` : ''),
  );
} finally {
  await client.end();
  await source.close();
}
