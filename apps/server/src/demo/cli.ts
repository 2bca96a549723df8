/**
 * `npm run demo [-- --operators 50000]`: seeds demo data into the configured database (the only
 * way to get demo data on a real PostgreSQL). Refuses a database that already has users.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemo, seedDemoIfEmpty, OPERATEURS_DEMO } from './seed';

const { values } = parseArgs({ options: { operators: { type: 'string' } } });
const operateurs = values.operators ? Number(values.operators) : OPERATEURS_DEMO;
if (!Number.isInteger(operateurs) || operateurs < 10) {
  console.error('--operators attend un entier ≥ 10');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
await database.migrate();
const debut = performance.now();
const seeded =
  operateurs === OPERATEURS_DEMO
    ? await seedDemoIfEmpty(database.db)
    : (await seedDemo(database.db, { operateurs }), true);
console.log(
  seeded
    ? `Données de démonstration chargées (${operateurs} opérateurs) en ${Math.round(performance.now() - debut)} ms`
    : 'La base contient déjà des utilisateurs : rien à faire.',
);
await database.close();
