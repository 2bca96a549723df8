import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushControlesResponse } from '@estive/contracts';
import { corpsPush, saisie, type DocTire, type Lot } from '../modules/synchro/synchro.test-helpers';

/**
 * Issue 13 §1 and §8: PostgreSQL stopped and restarted under traffic. The compiled server runs on
 * a PostgreSQL cluster of its own (started here with the same binaries `.ci/run` uses, so that
 * stopping it disturbs no other test): while the database is away, health is 503 DOWN and the API
 * 503 in French; when it is back the server recovers by itself; every push acknowledged before,
 * during or after is in the database.
 */
const SERVEUR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PGBIN = (() => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  const derniere = versions.at(-1);
  if (!derniere) throw new Error('PostgreSQL introuvable dans /usr/lib/postgresql');
  return `/usr/lib/postgresql/${derniere}/bin`;
})();
const ROOT = process.getuid?.() === 0;
const MESSAGE_503 = 'Service momentanément indisponible, veuillez réessayer dans quelques instants';

/** initdb and pg_ctl refuse root: as `.ci/run`, they run as postgres. */
function commePostgres(binaire: string, args: string[]) {
  const cmd = path.join(PGBIN, binaire);
  return ROOT
    ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
    : execFileSync(cmd, args, { stdio: 'pipe' });
}

function portLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const adresse = s.address();
      s.close(() => {
        if (adresse && typeof adresse === 'object') resolve(adresse.port);
        else reject(new Error('pas de port'));
      });
    });
  });
}

class Grappe {
  readonly donnees: string;
  constructor(
    readonly racine: string,
    readonly port: number,
  ) {
    this.donnees = path.join(racine, 'data');
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${String(this.port)}/postgres`;
  }
  demarrer() {
    const options = `-p ${String(this.port)} -k ${this.racine} -c listen_addresses=127.0.0.1`;
    const journal = path.join(this.racine, 'log');
    commePostgres('pg_ctl', ['-D', this.donnees, '-o', options, '-l', journal, '-w', 'start']);
  }
  arreter() {
    commePostgres('pg_ctl', ['-D', this.donnees, '-m', 'fast', '-w', 'stop']);
  }
}

async function creerGrappe(): Promise<Grappe> {
  const racine = mkdtempSync(path.join(os.tmpdir(), 'estive-coupure-'));
  if (ROOT) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    chownSync(racine, uid, uid);
  }
  const grappe = new Grappe(racine, await portLibre());
  commePostgres('initdb', [
    '-D',
    grappe.donnees,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  grappe.demarrer();
  return grappe;
}

function demarrerServeur(databaseUrl: string): Promise<{ url: string; processus: ChildProcess }> {
  const processus = spawn(process.execPath, ['dist/main.js'], {
    cwd: SERVEUR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomUUID() + randomUUID(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      WEB_DIST: '/nonexistent-web-dist',
    },
  });
  return new Promise((resolve, reject) => {
    let sortie = '';
    let erreurs = '';
    processus.stderr.on('data', (d: Buffer) => (erreurs += d.toString()));
    processus.once('exit', (code) =>
      reject(new Error(`serveur arrêté (${String(code)}) : ${erreurs}`)),
    );
    processus.stdout.on('data', (d: Buffer) => {
      sortie += d.toString();
      const adresse = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(sortie)?.[1];
      if (adresse) resolve({ url: adresse, processus });
    });
  });
}

let grappe: Grappe;
let serveur: { url: string; processus: ChildProcess };
let jeton: string;
const statuts: number[] = [];

async function requete(chemin: string, init: RequestInit = {}) {
  const res = await fetch(`${serveur.url}${chemin}`, init);
  statuts.push(res.status);
  return res;
}
const avecJeton = (extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${jeton}`,
  ...extra,
});

async function pousser(doc: DocTire, marque: string) {
  const { payload, headers } = corpsPush({ controles: [saisie(doc, marque)] });
  const res = await requete('/api/synchro/controle', {
    method: 'POST',
    headers: avecJeton(headers),
    body: payload,
  });
  const resultat =
    res.status === 200 ? ((await res.json()) as PushControlesResponse).resultats[0] : undefined;
  return { status: res.status, resultat };
}

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVEUR, stdio: 'ignore' });
  grappe = await creerGrappe();
  serveur = await demarrerServeur(grappe.url);
  execFileSync(process.execPath, ['dist/demo.js'], {
    cwd: SERVEUR,
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: grappe.url, LOG_LEVEL: 'silent' },
  });
  const res = await requete('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'controleur@estive.test', password: 'estive' }),
  });
  jeton = ((await res.json()) as { accessToken: string }).accessToken;
}, 300_000);

afterAll(async () => {
  if (serveur.processus.exitCode === null) {
    const fin = new Promise((r) => serveur.processus.once('exit', r));
    serveur.processus.kill('SIGTERM');
    await fin;
  }
  try {
    grappe.arreter();
  } catch {
    // Already stopped by a failed test.
  }
  rmSync(grappe.racine, { recursive: true, force: true });
});

describe('PostgreSQL stopped and restarted under traffic', () => {
  it('503 while away, recovers by itself, nothing acknowledged is lost', async () => {
    const tirage = await requete('/api/synchro/controle?batchSize=1000', { headers: avecJeton() });
    expect(tirage.status).toBe(200);
    const docs = ((await tirage.json()) as Lot).documents.filter(
      (d) => !d._deleted && d.statut === 'PROGRAMME',
    );
    expect(docs.length).toBeGreaterThanOrEqual(4);
    const acquittes = new Map<string, number>();
    const noter = (doc: DocTire, r: Awaited<ReturnType<typeof pousser>>) => {
      if (r.status === 200 && r.resultat?.statut === 'ACCEPTE')
        acquittes.set(doc.id, r.resultat.version ?? 0);
    };

    // Before: acknowledged.
    const [avant, pendant, apres] = [docs[0], docs[1], docs[2]] as [DocTire, DocTire, DocTire];
    noter(avant, await pousser(avant, 'avant la coupure'));
    expect(acquittes.has(avant.id)).toBe(true);

    // Traffic while the database stops: feeds and a push in flight.
    const trafic = Promise.all([
      pousser(pendant, 'pendant la coupure'),
      requete('/api/synchro/controle?batchSize=1000', { headers: avecJeton() }),
      requete('/api/synchro/annuaire-morale?batchSize=1000', { headers: avecJeton() }),
    ]);
    grappe.arreter();
    const [enVol] = await trafic;
    noter(pendant, enVol);

    // Away: health DOWN, the API 503 in French (never 500), the process alive.
    const sante = await requete('/api/actuator/health');
    expect(sante.status).toBe(503);
    expect(await sante.json()).toEqual({ status: 'DOWN' });
    const flux = await requete('/api/synchro/controle', { headers: avecJeton() });
    expect(flux.status).toBe(503);
    expect(await flux.json()).toMatchObject({ message: MESSAGE_503, code: 'SERVICE_UNAVAILABLE' });
    const refuse = await pousser(apres, 'pendant la coupure, refusé');
    expect(refuse.status).toBe(503);
    expect(serveur.processus.exitCode).toBeNull();

    // Back: the server answers again without being restarted.
    grappe.demarrer();
    let sain = false;
    for (let i = 0; i < 120 && !sain; i++) {
      sain = (await requete('/api/actuator/health')).status === 200;
      if (!sain) await new Promise((r) => setTimeout(r, 500));
    }
    expect(sain).toBe(true);
    expect((await requete('/api/synchro/controle', { headers: avecJeton() })).status).toBe(200);

    // The device retries what was not acknowledged: applied now, or already there (DOUBLON).
    for (const [doc, marque] of [
      [pendant, 'pendant la coupure'],
      [apres, 'après la coupure'],
    ] as const) {
      if (acquittes.has(doc.id)) continue;
      const r = await pousser(doc, marque);
      expect(r.status).toBe(200);
      expect(['ACCEPTE', 'DOUBLON']).toContain(r.resultat?.statut);
      acquittes.set(doc.id, r.resultat?.version ?? 0);
    }

    // Nothing acknowledged is lost: each control is REALISE in the database, at least that version.
    const client = new pg.Client({ connectionString: grappe.url });
    await client.connect();
    const { rows } = await client.query<{ id: string; statut: string; version: number }>(
      'select id::text, statut, version from controle where id = any($1::bigint[])',
      [[...acquittes.keys()]],
    );
    await client.end();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.statut).toBe('REALISE');
      expect(row.version).toBeGreaterThanOrEqual(acquittes.get(row.id) ?? Infinity);
    }
    // Whatever was asked during the whole run: answered, never a 500.
    expect(statuts.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(serveur.processus.exitCode).toBeNull();
  });
});
