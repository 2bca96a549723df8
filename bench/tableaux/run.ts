/**
 * bench/tableaux — every dashboard tab's paged query (issue 18 item 9) through the real routes
 * (auth, validation, SQL, serialisation) with fastify's inject, one request at a time: p50/p95
 * per tab and filter. Target: p95 ≤ 300 ms on PostgreSQL with the 50,000-operator demo data.
 * Prints figures; it is not a test.
 *
 *   DATABASE_URL=postgres://… npm run bench:tableaux   (a database seeded by
 *       `npm run demo -- --operators 50000`)
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { z } from 'zod';
import { openDatabase } from '../../apps/server/src/db/client';
import { colonne, lignes } from '../../apps/server/src/db/lignes';
import { stats } from '../lib/serveur';

const REPETITIONS = Number(process.env.REPETITIONS ?? 40);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
const app = await buildApp(config, database);
const [compte] = await lignes(
  database.db,
  sql`select (select count(*)::int from personne_morale) as o,
             (select count(*)::int from controle) as c,
             (select count(*)::int from manquement) as m`,
  z.object({ o: colonne.entier, c: colonne.entier, m: colonne.entier }),
);
console.log(
  `Base ${database.kind} : ${compte?.o} opérateurs, ${compte?.c} contrôles, ${compte?.m} manquements ; ${REPETITIONS} requêtes par cas`,
);
const connexion = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { login: 'animateur@estive.test', password: 'estive' },
});
const jeton = connexion.json<{ accessToken: string }>().accessToken;
const [campagne] = await lignes(
  database.db,
  sql`select id::text as id from campagne order by id limit 1`,
  z.object({ id: colonne.texte }),
);
const [aop] = await lignes(
  database.db,
  sql`select id::text as id from aop_igp where odg_id = 1 order by libelle limit 1`,
  z.object({ id: colonne.texte }),
);
const [operateur] = await lignes(
  database.db,
  sql`select personne_morale_id::text as id from controle where odg_id = 1 limit 1`,
  z.object({ id: colonne.texte }),
);

const cas: [string, string][] = [
  ['Contrôles', '/api/tdb/controle?size=10'],
  [
    'Contrôles, page 50 triée par opérateur',
    '/api/tdb/controle?size=10&page=50&sort=raisonSociale,ASC',
  ],
  ['Contrôles EXTERNE', '/api/tdb/controle?size=10&nature=EXTERNE'],
  ['Contrôles de la campagne', `/api/tdb/controle?size=10&campagneId=${campagne?.id ?? ''}`],
  ['Contrôles, opérateur « ferme »', '/api/tdb/controle?size=10&operateur=ferme'],
  ['Contrôles, contrôleur ou auditeur « martin »', '/api/tdb/controle?size=10&auditeur=martin'],
  ['Contrôles : graphique par mois', '/api/tdb/controle/statistiques'],
  ['Manquements', '/api/tdb/manquement?size=10'],
  ['Manquements en retard', '/api/tdb/manquement?size=10&enRetard=true'],
  ['Manquements : graphique', '/api/tdb/manquement/statistiques'],
  ['Suivi opérateur', `/api/tdb/suivi/${operateur?.id ?? '1'}`],
  ['Pression de contrôle', '/api/tdb/pression'],
  [
    'Pression : présélection (20)',
    `/api/tdb/pression/preselection?campagneId=${campagne?.id ?? ''}&aopIgpId=${aop?.id ?? ''}&size=20`,
  ],
  ['Pression : tirages enregistrés', `/api/tdb/pression/tirage?campagneId=${campagne?.id ?? ''}`],
  ['Conflits de synchronisation', '/api/tdb/conflit?size=10'],
];

let pire = 0;
for (const [nom, url] of cas) {
  const durees: number[] = [];
  for (let i = 0; i < REPETITIONS; i++) {
    const debut = performance.now();
    const res = await app.inject({ url, headers: { authorization: `Bearer ${jeton}` } });
    durees.push(performance.now() - debut);
    if (res.statusCode !== 200) throw new Error(`${url} : ${res.statusCode} ${res.body}`);
  }
  const s = stats(durees);
  pire = Math.max(pire, s.p95!);
  console.log(
    `${nom.padEnd(42)} p50 ${s.median!.toFixed(1).padStart(7)} ms   p95 ${s.p95!.toFixed(1).padStart(7)} ms`,
  );
}
console.log(`Pire p95 : ${pire.toFixed(1)} ms (cible ≤ 300 ms)`);
const charge = os.loadavg().map((l) => l.toFixed(2));
console.log(
  `Charge de la machine (1, 5, 15 min) : ${charge.join(' ')} sur ${os.cpus().length} cœurs`,
);
await app.close();
await database.close();
