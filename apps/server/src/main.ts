import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './demo/seed';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  onPoolError: (err) => {
    process.stderr.write(
      `${JSON.stringify({ level: 40, msg: 'database connection lost', err: err.message })}\n`,
    );
  },
});
await database.migrate();
// Demo data only on the embedded database: a real PostgreSQL gets it only through `npm run demo`.
if (database.kind === 'pglite' && config.seedDemo) await seedDemoIfEmpty(database.db);

const app = await buildApp(config, database);
await app.listen({ port: config.port, host: config.host });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
