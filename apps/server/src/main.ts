import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './demo/seed';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // The operator reads one line naming the variable, not a stack trace.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
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
