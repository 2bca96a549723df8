/**
 * `npm run sql:instantanes`: writes the query snapshots (instantanes-sql.ts) from a fresh PGlite
 * database with the demo data, replacing every file of that folder (it holds only generated
 * records). Run it after changing a covered repository's SQL and commit the diff with the change.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { seedDemo } from '../demo/seed';
import { DOSSIER_INSTANTANES, instantanesSql } from './instantanes-sql';

const handle = await openDatabase({ pgliteDir: 'memory://' });
try {
  await handle.migrate();
  await seedDemo(handle.db);
  const fichiers = await instantanesSql(handle);
  mkdirSync(DOSSIER_INSTANTANES, { recursive: true });
  for (const f of readdirSync(DOSSIER_INSTANTANES)) {
    rmSync(path.join(DOSSIER_INSTANTANES, f));
  }
  for (const [nom, texte] of fichiers) writeFileSync(path.join(DOSSIER_INSTANTANES, nom), texte);
  console.log(`${String(fichiers.size)} instantanés écrits dans ${DOSSIER_INSTANTANES}`);
} finally {
  await handle.close();
}
