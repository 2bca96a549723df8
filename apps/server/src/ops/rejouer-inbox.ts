/**
 * `npm run inbox:replay -- <id> [<id>…]` or `npm run inbox:replay -- --en-attente`: applies inbox
 * entries of control pushes again, on the configured database (DATABASE_URL, or the embedded one).
 * Prints one line per entry and a summary per control (statut, id, version).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { creerRejeu } from './rejeu';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'en-attente': { type: 'boolean', default: false } },
});
const ids = positionals.map(Number);
if (
  ids.some((id) => !Number.isSafeInteger(id) || id <= 0) ||
  (ids.length === 0) === !values['en-attente']
) {
  console.error('Usage : npm run inbox:replay -- <id> [<id>…] | --en-attente');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
await database.migrate();
const rejeu = creerRejeu(database.db, console);
const aRejouer = values['en-attente'] ? await rejeu.controlesEnAttente() : ids;
if (aRejouer.length === 0) console.log('Aucune entrée en attente.');
let echecs = 0;
for (const id of aRejouer) {
  const issue = await rejeu.rejouer(id);
  if (issue.statut === 'IGNORE') {
    echecs++;
    console.log(`inbox ${String(id)} : non rejouée (${issue.motif})`);
    continue;
  }
  const resultats = issue.reponse.resultats
    .map((r) => `${r.statut} ${r.id ?? r.localId} v${String(r.version ?? '-')}`)
    .join(', ');
  console.log(`inbox ${String(id)} : rejouée — ${resultats || 'aucun contrôle'}`);
}
await database.close();
process.exit(echecs > 0 ? 1 : 0);
