/**
 * bench/recherche — the basket's operator search (GET /api/panier/recherche) at 50,000 operators,
 * 16 requests in flight, through the real route (auth, validation, SQL, serialisation) with
 * fastify's inject: p50/p95 per query kind and overall; then one request at a time, for the time a
 * search takes without waiting behind others. Prints figures; it is not a test.
 *
 *   DATABASE_URL=postgres://… npm run bench:recherche     (a database seeded by
 *       `npm run demo -- --operators 50000`)
 *   DATA_DIR=/tmp/x npm run bench:recherche                (PGlite, same seeding with DATA_DIR)
 *   CIBLE=annuaire …                                       (the directory: GET /api/personne-morale
 *       with the same terms through its named filters, its autocomplete, recherche/operateurs, the
 *       habilitations and people searches; then the XLSX exports of the whole perimeter)
 *
 * Then, for the basket, the search alone (service, SQL through the pool, 16 in flight; no HTTP,
 * no authentication): the part of a request that grows with the operators.
 *
 * Last, the machine's floor: the same harness on the liveness and readiness routes (no search, no
 * token), for what any route can do with as many requests in flight on this machine.
 *
 * Ends with the route's p95 (16 in flight) by kind and overall, divided by the readiness floor's
 * p95 of the same run: the aim of issue 29 is ≤ 2 ×.
 *
 * Prints the load average (1, 5, 15 min) before and after each pass: on a shared machine the
 * figures mean little without it.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { operateurRechercheQuerySchema } from '@estive/contracts';
import { z } from 'zod';
import { openDatabase } from '../../apps/server/src/db/client';
import { colonne, lignes } from '../../apps/server/src/db/lignes';
import { createAuthRepository } from '../../apps/server/src/modules/auth/auth.repository';
import { createOperateursRepository } from '../../apps/server/src/modules/operateurs/operateurs.repository';
import { createOperateursService } from '../../apps/server/src/modules/operateurs/operateurs.service';
import { stats } from '../lib/serveur';
import { genresAnnuaire, mesurerExports } from './annuaire';

const CONCURRENCE = Number(process.env.CONCURRENCE ?? 16);
const REQUETES = Number(process.env.REQUETES ?? 1600);

// No directory snapshots built in the background (INSTANTANES_PRECHAUFFES): at 50,000 operators
// their brotli 11 refinement takes a core for minutes after start, under the first passes and not
// always under the floor's, so the ratio compared a busy process with an idle one.
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  INSTANTANES_PRECHAUFFES: 'false',
});
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
const app = await buildApp(config, database);
const db = database.db;

const [{ n } = { n: 0 }] = await lignes(
  db,
  sql`SELECT count(*)::int AS n FROM personne_morale`,
  z.object({ n: colonne.entier }),
);
console.log(
  `Base ${database.kind} : ${n} opérateurs ; ${CONCURRENCE} requêtes simultanées, ${REQUETES} au total`,
);

const connexion = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { login: 'animateur@estive.test', password: 'estive' },
});
const jeton = connexion.json<{ accessToken: string }>().accessToken;

// Terms drawn from the data, typed as users type them: accents dropped, case changed, SIRET in
// groups, a word and a town together, a name fragment.
const echantillon = await lignes(
  db,
  sql`SELECT raison_sociale, siret, ville, code_postal, nom FROM personne_morale ORDER BY md5(id::text) LIMIT 200`,
  z.object({
    raison_sociale: colonne.texte,
    siret: colonne.texte,
    ville: colonne.texte,
    code_postal: colonne.texte,
    nom: colonne.texte.nullable(),
  }),
);
const sansAccent = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
/** The i-th sample operator, cycling. */
function operateur(i: number) {
  const o = echantillon[i % echantillon.length];
  if (!o) throw new Error('aucun opérateur dans la base');
  return o;
}
const dernierMot = (s: string) => s.split(' ').at(-1) ?? s;
const premierMot = (s: string) => s.split(' ')[0] ?? s;
const genres: [string, (i: number) => string][] = [
  [
    'q raison sociale',
    (i) =>
      `q=${encodeURIComponent(sansAccent(dernierMot(operateur(i).raison_sociale)).toLowerCase())}`,
  ],
  [
    'q siret groupé',
    (i) => {
      const s = operateur(i).siret;
      return `q=${encodeURIComponent(`${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)} ${s.slice(9)}`)}`;
    },
  ],
  [
    'q nom + ville',
    (i) => {
      const o = operateur(i);
      return `q=${encodeURIComponent(`${(o.nom ?? o.raison_sociale).slice(0, 5)} ${sansAccent(o.ville).toUpperCase().slice(0, 6)}`)}`;
    },
  ],
  [
    'filtres ville + raison sociale',
    (i) => {
      const o = operateur(i);
      return `ville=${encodeURIComponent(sansAccent(o.ville))}&raisonSociale=${encodeURIComponent(premierMot(o.raison_sociale))}`;
    },
  ],
  ['code postal, page 50', (i) => `codePostal=${operateur(i).code_postal}&size=50`],
];
const annuaire = process.env.CIBLE === 'annuaire';
// Each kind is a whole path and query: the directory's kinds hit several endpoints.
const urls: [string, (i: number) => string][] = annuaire
  ? genresAnnuaire(operateur)
  : genres.map(([g, q]) => [g, (i) => `/api/panier/recherche?${q(i)}`]);
console.log(annuaire ? 'Cible : annuaire' : 'Cible : GET /api/panier/recherche');
const charge = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(`Charge (loadavg 1/5/15 min) : ${charge()} sur ${os.availableParallelism()} cœurs`);
const noms = urls.map(([g]) => g);
const f = (x: number | undefined) => (x ?? NaN).toFixed(1).padStart(7);

/** One request through the route (auth, validation, SQL, serialisation). */
async function parLaRoute(url: string) {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${jeton}` },
  });
  if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
}

// The search alone: the service the route calls, as the animateur, the query string as parsed.
const uuid = (
  JSON.parse(Buffer.from(jeton.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }
).sub;
const ligneActeur = await createAuthRepository(db).acteurDuJeton(uuid, undefined);
if (!ligneActeur?.droit) throw new Error("l'animateur n'a pas de droit");
const acteur = {
  utilisateurId: ligneActeur.utilisateur.id,
  uuid,
  roles: ligneActeur.utilisateur.roles,
  droitActif: ligneActeur.droit,
};
const operateurs = createOperateursService(createOperateursRepository(db, database.dbGenerique));
async function parLeService(url: string) {
  const parametres = new URLSearchParams(url.split('?')[1]);
  await operateurs.rechercher(
    acteur,
    operateurRechercheQuerySchema.parse(Object.fromEntries(parametres)),
  );
}

async function mesurer(
  concurrence: number,
  requetes: number,
  executer = parLaRoute,
  genres: [string, (i: number) => string][] = urls,
) {
  const mesures = new Map<string, number[]>(genres.map(([g]) => [g, []]));
  const tous: number[] = [];
  let suivant = 0;
  async function travailleur() {
    for (let i = suivant++; i < requetes; i = suivant++) {
      const [genre, requete] = genres[i % genres.length] ?? genres[0] ?? ['', () => ''];
      const debut = performance.now();
      await executer(requete(Math.floor(i / genres.length)));
      const ms = performance.now() - debut;
      mesures.get(genre)?.push(ms);
      tous.push(ms);
    }
  }
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrence }, travailleur));
  const { user, system } = process.cpuUsage(cpu);
  // This process's CPU per request (its threads included; PostgreSQL's is not in it): it moves
  // far less with the machine's load than the latencies do.
  return { mesures, tous, cpuParRequete: (user + system) / 1000 / requetes };
}

/**
 * The machine's floor: the same harness on routes that do next to nothing, one kind at a time.
 * No search through it can answer faster than these with the same requests in flight.
 */
async function plancher() {
  const routes: [string, (i: number) => string][] = [
    ['liveness (ni base ni jeton)', () => '/api/actuator/health/liveness'],
    ['readiness (un select 1, sans jeton)', () => '/api/actuator/health/readiness'],
  ];
  console.log(
    `\nPlancher de la machine, ${CONCURRENCE} en parallèle, ${REQUETES} requêtes (ms)`.padEnd(60) +
      '    p50      p95      max',
  );
  let p95 = NaN;
  for (const route of routes) {
    await mesurer(CONCURRENCE, REQUETES / 4, parLaRoute, [route]);
    const { tous, cpuParRequete } = await mesurer(CONCURRENCE, REQUETES, parLaRoute, [route]);
    const s = stats(tous);
    console.log(
      `  ${route[0].padEnd(56)}${f(s.median)}  ${f(s.p95)}  ${f(s.max)}  (CPU ${cpuParRequete.toFixed(2)} ms/req)`,
    );
    p95 = s.p95 ?? NaN;
  }
  // The readiness route's (a select 1), the last: the floor the aim is measured against.
  return p95;
}

// A first pass warms caches and the JIT; the figures come from the next ones.
await mesurer(CONCURRENCE, REQUETES / 2);
const passes: [string, number, number, typeof parLaRoute][] = [
  ['par la route', CONCURRENCE, REQUETES, parLaRoute],
  ['par la route', 1, REQUETES / 4, parLaRoute],
];
if (!annuaire) {
  passes.push(['recherche seule', CONCURRENCE, REQUETES, parLeService]);
  await mesurer(CONCURRENCE, REQUETES / 4, parLeService);
}
/** The first pass's p95, by kind and overall: what the ratio to the floor is printed for. */
let premierePasse: Map<string, number> | undefined;
for (const [titre, concurrence, requetes, executer] of passes) {
  const { mesures, tous, cpuParRequete } = await mesurer(concurrence, requetes, executer);
  premierePasse ??= new Map([
    ...noms.map((g): [string, number] => [g, stats(mesures.get(g) ?? []).p95 ?? NaN]),
    ['ensemble', stats(tous).p95 ?? NaN],
  ]);
  console.log(
    `\n${titre}, ${concurrence} en parallèle, ${requetes} requêtes (ms)`.padEnd(60) +
      '    p50      p95      max',
  );
  for (const g of noms) {
    const s = stats(mesures.get(g) ?? []);
    console.log(`  ${g.padEnd(56)}${f(s.median)}  ${f(s.p95)}  ${f(s.max)}`);
  }
  const s = stats(tous);
  console.log(
    `  ${'ensemble'.padEnd(56)}${f(s.median)}  ${f(s.p95)}  ${f(s.max)}  (CPU ${cpuParRequete.toFixed(2)} ms/req)`,
  );
  console.log(`  charge après : ${charge()}`);
}

const plancherP95 = await plancher();
console.log(`  charge après : ${charge()}`);
console.log(
  `\np95 par la route, ${CONCURRENCE} en parallèle ÷ p95 du plancher (readiness, ${plancherP95.toFixed(1)} ms) :`,
);
for (const [g, p95] of premierePasse ?? [])
  console.log(`  ${g.padEnd(56)}${f(p95)} ms  ${(p95 / plancherP95).toFixed(1).padStart(5)} ×`);
if (annuaire) await mesurerExports(app, jeton, charge);

await app.close();
await database.close();
