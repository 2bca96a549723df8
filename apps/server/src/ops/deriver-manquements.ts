/**
 * `npm run manquements:deriver`: creates the shortcomings of the controls stored before the server
 * derived them from the pushed grids (issue 27), on the configured database (DATABASE_URL, or the
 * embedded one). Harmless when run again: each control's rows are brought in line, not added.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { creerDerivation } from './derivation';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
await database.migrate();
const n = await creerDerivation(database.db)((faits, total) => {
  console.log(`${String(faits)} / ${String(total)} contrôles`);
});
console.log(n === 0 ? 'Aucun contrôle à dériver.' : `${String(n)} contrôle(s) traité(s).`);
await database.close();
