import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Checkpoint, PushControlesResponse } from '@estive/contracts';
import { corpsPush, saisie, type DocTire, type Lot } from '../modules/synchro/synchro.test-helpers';
import { withDatabase } from './global-setup';
import { ENTETE_METRIQUES, JETON_METRIQUES } from './grappe.test-helpers';

/**
 * docs/architecture.md §9: several stateless API processes on one PostgreSQL. Two compiled servers
 * (production configuration) start together on an empty database, then a device talks to both.
 */
const URL_PG = process.env.DATABASE_URL;
if (!URL_PG) {
  throw new Error('Ce test démarre deux serveurs sur un PostgreSQL : DATABASE_URL est requis');
}
const SERVEUR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = randomUUID() + randomUUID();
const LIMITE_CONNEXIONS = 5;
const CONTROLEUR = 'controleur@estive.test';

class Noeud {
  constructor(
    readonly url: string,
    private readonly processus: ChildProcess,
  ) {}

  requete(chemin: string, init: RequestInit = {}) {
    return fetch(`${this.url}${chemin}`, init);
  }

  async arreter() {
    if (this.processus.exitCode !== null) return;
    const fin = new Promise((r) => this.processus.once('exit', r));
    this.processus.kill('SIGTERM');
    await fin;
  }
}

function demarrerNoeud(databaseUrl: string): Promise<Noeud> {
  const processus = spawn(process.execPath, ['dist/main.js'], {
    cwd: SERVEUR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT_PER_MINUTE: String(LIMITE_CONNEXIONS),
      WEB_DIST: '/nonexistent-web-dist',
      METRICS_TOKEN: JETON_METRIQUES,
    },
  });
  return new Promise((resolve, reject) => {
    let sortie = '';
    let erreurs = '';
    let pret = false;
    processus.stderr.on('data', (d: Buffer) => (erreurs += d.toString()));
    processus.once('exit', (code) => {
      reject(new Error(`nœud arrêté (${String(code)}) : ${erreurs}`));
    });
    processus.stdout.on('data', (d: Buffer) => {
      if (pret) return;
      sortie += d.toString();
      const adresse = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(sortie)?.[1];
      if (adresse) {
        pret = true;
        resolve(new Noeud(adresse, processus));
      }
    });
  });
}

async function connecter(noeud: Noeud, login = CONTROLEUR, password = 'estive') {
  const res = await noeud.requete('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  return res;
}

const cookieRefresh = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('estive_refresh='))
    ?.split(';')[0];

async function jeton(noeud: Noeud) {
  const res = await connecter(noeud);
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The control feed's batch size (spec: 10 controls per batch). */
const LOT = 10;

/** Pulls the control feed to its end, batch by batch, as a device does. */
async function tirerControles(noeud: Noeud, token: string, depuis?: Checkpoint) {
  let checkpoint = depuis;
  const documents: DocTire[] = [];
  for (;;) {
    const params = new URLSearchParams({ batchSize: String(LOT) });
    if (checkpoint) {
      params.set('id', checkpoint.id);
      params.set('lastSync', checkpoint.lastSync);
    }
    const res = await noeud.requete(`/api/synchro/controle?${params.toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const lot = (await res.json()) as Lot;
    documents.push(...lot.documents);
    checkpoint = lot.checkpoint;
    if (lot.documents.length < LOT) return { documents, checkpoint };
  }
}

let admin: pg.Client;
let base: string;
let a: Noeud;
let b: Noeud;

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVEUR, stdio: 'ignore' });
  admin = new pg.Client({ connectionString: URL_PG });
  await admin.connect();
  base = `estive_noeuds_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.query(`CREATE DATABASE ${base}`);
  // Started together on an empty database: both try to migrate at once.
  [a, b] = await Promise.all([
    demarrerNoeud(withDatabase(URL_PG, base)),
    demarrerNoeud(withDatabase(URL_PG, base)),
  ]);
  execFileSync(process.execPath, ['dist/demo.js'], {
    cwd: SERVEUR,
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: withDatabase(URL_PG, base), LOG_LEVEL: 'silent' },
  });
}, 300_000);

afterAll(async () => {
  await Promise.all([a.arreter(), b.arreter()]);
  await admin.query(`DROP DATABASE IF EXISTS ${base} WITH (FORCE)`);
  await admin.end();
});

describe('two API nodes on one PostgreSQL', () => {
  it('started together, they applied each migration once and both answer', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(SERVEUR, 'src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: withDatabase(URL_PG, base) });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    await client.end();
    expect(rows[0]?.n).toBe(journal.entries.length);
    for (const noeud of [a, b]) {
      const res = await noeud.requete('/api/actuator/health');
      expect(await res.json()).toEqual({ status: 'UP' });
    }
  });

  it('a device syncs on A, pushes on A, and a pull on B sees the push', async () => {
    const tokenA = await jeton(a);
    const { documents, checkpoint } = await tirerControles(a, tokenA);
    const doc = documents.find((d) => !d._deleted && d.statut === 'PROGRAMME');
    if (!doc) throw new Error('aucun contrôle PROGRAMME pour le contrôleur de démonstration');

    const { payload, headers } = corpsPush({ controles: [saisie(doc, 'poussé sur A')] });
    const push = await a.requete('/api/synchro/controle', {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${tokenA}` },
      body: payload,
    });
    expect(push.status).toBe(200);
    const [resultat] = ((await push.json()) as PushControlesResponse).resultats;
    expect(resultat).toMatchObject({ id: doc.id, statut: 'ACCEPTE' });

    // Each node reports its own: A answered the push, B did not.
    const metriquesA = await (
      await a.requete('/api/actuator/prometheus', { headers: ENTETE_METRIQUES })
    ).text();
    expect(metriquesA).toContain('estive_sync_push_results_total{statut="ACCEPTE"} 1');
    expect(metriquesA).toMatch(/estive_db_pool_connections\{state="total"\} [1-9]/);
    const metriquesB = await (
      await b.requete('/api/actuator/prometheus', { headers: ENTETE_METRIQUES })
    ).text();
    expect(metriquesB).not.toContain('estive_sync_push_results_total{statut="ACCEPTE"}');

    // The same device goes on with its checkpoint on B (token signed by A: one shared secret).
    const suite = await tirerControles(b, tokenA, checkpoint);
    const vu = suite.documents.find((d) => d.id === doc.id);
    expect(vu).toMatchObject({ statut: 'REALISE', version: resultat?.version });
    expect(JSON.stringify(vu?.synthese)).toContain('poussé sur A');

    // A second device, signed in on B, pulls from scratch and holds the same version.
    const { documents: tous } = await tirerControles(b, await jeton(b));
    expect(tous.find((d) => d.id === doc.id)).toMatchObject({ version: resultat?.version });
  });

  it('a write on A gives a sync hint to a client connected on B (LISTEN/NOTIFY)', async () => {
    const token = await jeton(b);
    const socket = new WebSocket(`${b.url.replace('http', 'ws')}/api/ws?access_token=${token}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const indice = new Promise<{ type: string; tables: string[] }>((resolve) =>
      socket.on('message', (data: Buffer) => {
        const texte = data.toString();
        if (texte !== 'pong') resolve(JSON.parse(texte) as { type: string; tables: string[] });
      }),
    );
    // The connection is live on B before the write (a pong proves the handler runs).
    const pong = new Promise((resolve) => socket.once('message', resolve));
    socket.send('ping');
    await pong;

    const tokenA = await jeton(a);
    const { documents } = await tirerControles(a, tokenA);
    const doc = documents.find((d) => !d._deleted && d.statut === 'PROGRAMME');
    if (!doc) throw new Error('aucun contrôle PROGRAMME pour le contrôleur de démonstration');
    const { payload, headers } = corpsPush({ controles: [saisie(doc, 'indice pour B')] });
    const push = await a.requete('/api/synchro/controle', {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${tokenA}` },
      body: payload,
    });
    expect(push.status).toBe(200);
    const { type, tables } = await indice;
    expect(type).toBe('indice');
    expect(tables).toContain('controle');
    socket.terminate();
  });

  it('a refresh rotated on A and retried on B within the grace gets the same successor; reused later, it revokes the family on both', async () => {
    const premier = cookieRefresh(await connecter(a));
    if (!premier) throw new Error('pas de cookie de rafraîchissement');
    const rafraichir = (noeud: Noeud, cookie: string) =>
      noeud.requete('/api/auth/refresh', { method: 'POST', headers: { cookie } });

    const rotation = await rafraichir(a, premier);
    expect(rotation.status).toBe(200);
    const second = cookieRefresh(rotation);
    if (!second) throw new Error('pas de nouveau cookie');

    // The answer was lost, the device asks B: the same successor, judged on the database clock.
    const reprise = await rafraichir(b, premier);
    expect(reprise.status).toBe(200);
    expect(cookieRefresh(reprise)).toBe(second);

    // Past the grace period, the same token is a reuse (theft).
    const client = new pg.Client({ connectionString: withDatabase(URL_PG, base) });
    await client.connect();
    await client.query(
      "update refresh_token set used_at = used_at - interval '1 minute' where used_at is not null",
    );
    await client.end();
    expect((await rafraichir(b, premier)).status).toBe(401);
    // The reuse revoked the whole family: the token A handed out no longer works, anywhere.
    expect((await rafraichir(b, second)).status).toBe(401);
    expect((await rafraichir(a, second)).status).toBe(401);
  });

  it('a logout on A ends the access token on B, which kept its actor in memory (plugins/auth.ts)', async () => {
    const session = await connecter(a);
    const { accessToken } = (await session.json()) as { accessToken: string };
    const cookie = cookieRefresh(session);
    if (!cookie) throw new Error('pas de cookie de rafraîchissement');
    const principalSurB = () =>
      b.requete('/api/principal', { headers: { authorization: `Bearer ${accessToken}` } });
    // Twice: the second answer comes from B's memory.
    expect((await principalSurB()).status).toBe(200);
    expect((await principalSurB()).status).toBe(200);
    const sortie = await a.requete('/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(sortie.ok).toBe(true);
    // B hears the revocation through its own connections (LISTEN), a moment after A's commit.
    await vi.waitFor(async () => expect((await principalSurB()).status).toBe(401), {
      timeout: 10_000,
      interval: 20,
    });
  });

  it('the login limit counts attempts on both nodes together', async () => {
    const reponses: { noeud: string; status: number }[] = [];
    for (let i = 0; i < 2 * LIMITE_CONNEXIONS + 2; i++) {
      const [nom, noeud] = i % 2 === 0 ? ['A', a] : ['B', b];
      const res = await connecter(noeud, 'personne@estive.test', 'mauvais');
      reponses.push({ noeud: nom, status: res.status });
    }
    // Per-node memory would let 2 × the limit through; one counter lets at most the limit.
    expect(reponses.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(LIMITE_CONNEXIONS);
    expect(reponses.some((r) => r.noeud === 'A' && r.status === 429)).toBe(true);
    expect(reponses.some((r) => r.noeud === 'B' && r.status === 429)).toBe(true);
  });
});
