/**
 * bench/import — the account import (issue 28 item 4) fed the two files that stalled the server:
 * a ~1 KB workbook whose sheet declares 1,000,000 rows (one cell on the last) and 150,000 account
 * lines. Each goes through the real route (`POST /api/utilisateur/import`, fastify's inject, the
 * CNAOL's session) on an embedded database with the demo data. Prints whether it was refused, the
 * longest event-loop block (`monitorEventLoopDelay`) and the RSS growth (peak sampled every
 * 10 ms, and the process's peak). Targets: refused, ≤ 100 ms, ≤ 100 MB. Prints figures; not a test.
 *
 *   npm run bench:import
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { z } from 'zod';
import { openDatabase } from '../../apps/server/src/db/client';
import { colonne, lignes } from '../../apps/server/src/db/lignes';
import { seedDemoIfEmpty } from '../../apps/server/src/demo/seed';
import { multipart } from '../../apps/server/src/modules/comptes/comptes.test-helpers';
import {
  classeurDeComptes,
  classeurDimensionGeante,
} from '../../apps/server/src/modules/comptes/import.test-helpers';

const Mo = 1024 * 1024;
const CAS: [string, () => Buffer | Promise<Buffer>][] = [
  ['Dimension A1:A1000000, une cellule en ligne 1 000 000', () => classeurDimensionGeante()],
  ['150 000 lignes de comptes', () => classeurDeComptes(150_000)],
];

// Each file in a process of its own: the first file's garbage would raise the second's baseline.
const cas = process.env.BENCH_IMPORT_CAS;
if (cas === undefined) {
  let atteint = true;
  for (let i = 0; i < CAS.length; i++) {
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_IMPORT_CAS: String(i) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    atteint &&= r.status === 0;
  }
  console.log(
    `Objectif (refusés, blocage ≤ 100 ms, RSS ≤ 100 Mo) : ${atteint ? 'atteint' : 'MANQUÉ'}`,
  );
  process.exit(atteint ? 0 : 1);
}
const choisi = CAS[Number(cas)];
if (!choisi) throw new Error(`Cas inconnu : ${cas}`);
const [nom, fabriquer] = choisi;
const contenu = await fabriquer();

// Only the embedded database in a fresh folder: the refusals happen before any query anyway.
const config = loadConfig({
  PATH: process.env.PATH,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  EMBEDDED_DATABASE: 'true',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'estive-bench-import-')),
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12',
});
const database = await openDatabase({ pgliteDir: config.pgliteDir });
await database.migrate();
await seedDemoIfEmpty(database.db);
const app = await buildApp(config, database);
const connexion = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { login: 'cnaol@estive.test', password: 'estive' },
});
const jeton = connexion.json<{ accessToken: string }>().accessToken;
const [droit] = await lignes(
  database.db,
  sql`select d.id::text as id from droit d join utilisateur u on u.id = d.utilisateur_id
      where u.login = 'cnaol@estive.test' order by d.id limit 1`,
  z.object({ id: colonne.texte }),
);

(globalThis as { gc?: () => void }).gc?.();
const corps = multipart(contenu, 'comptes.xlsx');
const rssAvant = process.memoryUsage().rss;
const picAvant = process.resourceUsage().maxRSS * 1024;
let picEchantillon = rssAvant;
// A 10 ms timer too: its longest gap is a second reading of the longest block.
let dernierTic = performance.now();
let plusLongIntervalle = 0;
const echantillons = setInterval(() => {
  const maintenant = performance.now();
  plusLongIntervalle = Math.max(plusLongIntervalle, maintenant - dernierTic - 10);
  dernierTic = maintenant;
  picEchantillon = Math.max(picEchantillon, process.memoryUsage().rss);
}, 10);
const delai = monitorEventLoopDelay({ resolution: 10 });
delai.enable();
const debut = performance.now();
const res = await app.inject({
  method: 'POST',
  url: '/api/utilisateur/import?simulation=true',
  headers: { authorization: `Bearer ${jeton}`, 'x-droit-actif': droit?.id ?? '', ...corps.headers },
  payload: corps.payload,
});
const duree = performance.now() - debut;
delai.disable();
clearInterval(echantillons);
picEchantillon = Math.max(picEchantillon, process.memoryUsage().rss);
const croissance =
  Math.max(picEchantillon - rssAvant, process.resourceUsage().maxRSS * 1024 - picAvant, 0) / Mo;
const blocage = Math.max(delai.max / 1e6, plusLongIntervalle);
const refuse = res.statusCode >= 400 && res.statusCode < 500;
const erreur = res.json<{ message?: string; globalErrors?: string[] }>();
const message = [erreur.message, ...(erreur.globalErrors ?? [])].join(' / ');
console.log(
  `${nom} (${(contenu.length / 1024).toFixed(0)} Ko) : refusé ${refuse ? 'oui' : 'non'} ` +
    `(${String(res.statusCode)} ${message.slice(0, 120)}), en ${duree.toFixed(0)} ms, ` +
    `plus long blocage de la boucle ${blocage.toFixed(0)} ms, RSS +${croissance.toFixed(0)} Mo`,
);
await app.close();
await database.close();
process.exit(refuse && blocage <= 100 && croissance <= 100 ? 0 : 1);
