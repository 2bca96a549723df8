import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A PostgreSQL cluster of a test's own (started with the binaries `.ci/run` uses, so that stopping
 * it disturbs no other test) and the compiled server on it: the fault suites (`*.pg-test.ts`)
 * stop and restart the database under the server's feet.
 */
export const SERVEUR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PGBIN = (() => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  const derniere = versions.at(-1);
  if (!derniere) throw new Error('PostgreSQL introuvable dans /usr/lib/postgresql');
  return `/usr/lib/postgresql/${derniere}/bin`;
})();
const ROOT = process.getuid?.() === 0;
const execFileAsync = promisify(execFile);

/** initdb and pg_ctl refuse root: as `.ci/run`, they run as postgres. */
function commande(binaire: string, args: string[]): [string, string[]] {
  const cmd = path.join(PGBIN, binaire);
  return ROOT ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}
function commePostgres(binaire: string, args: string[]) {
  const [cmd, a] = commande(binaire, args);
  return execFileSync(cmd, a, { stdio: 'pipe' });
}

export function portLibre(): Promise<number> {
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

export class Grappe {
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
  private argsDemarrer() {
    const options = `-p ${String(this.port)} -k ${this.racine} -c listen_addresses=127.0.0.1`;
    return ['-D', this.donnees, '-o', options, '-l', path.join(this.racine, 'log'), '-w', 'start'];
  }
  demarrer() {
    commePostgres('pg_ctl', this.argsDemarrer());
  }
  arreter() {
    commePostgres('pg_ctl', ['-D', this.donnees, '-m', 'fast', '-w', 'stop']);
  }
  /** Without blocking the event loop: the test's own clients keep sending meanwhile. */
  async demarrerSansBloquer() {
    const [cmd, a] = commande('pg_ctl', this.argsDemarrer());
    await execFileAsync(cmd, a);
  }
  /** `fast` ends every session as a restart does; `immediate` as a crash does (recovery at start). */
  async arreterSansBloquer(mode: 'fast' | 'immediate' = 'fast') {
    const [cmd, a] = commande('pg_ctl', ['-D', this.donnees, '-m', mode, '-w', 'stop']);
    await execFileAsync(cmd, a);
  }
  supprimer() {
    try {
      this.arreter();
    } catch {
      // Already stopped by a failed test.
    }
    rmSync(this.racine, { recursive: true, force: true });
  }
}

export async function creerGrappe(): Promise<Grappe> {
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

export interface ServeurLance {
  url: string;
  processus: ChildProcess;
  /** What the process wrote on stderr so far (an unhandled error's stack lands here). */
  erreurs: () => string;
}

/** `dist/` (build.mjs) then the compiled server, as production runs it, on `databaseUrl`. */
export function construireServeur() {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVEUR, stdio: 'ignore' });
}

/** The Prometheus scraper's token of every node these tests start (METRICS_TOKEN). */
export const JETON_METRIQUES = 'jeton-des-metriques-de-test-0123456789';
export const ENTETE_METRIQUES = { authorization: `Bearer ${JETON_METRIQUES}` };

export function demarrerServeur(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServeurLance> {
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
      METRICS_TOKEN: JETON_METRIQUES,
      ...env,
    },
  });
  let sortie = '';
  let erreurs = '';
  processus.stderr.on('data', (d: Buffer) => (erreurs += d.toString()));
  return new Promise((resolve, reject) => {
    processus.once('exit', (code) =>
      reject(new Error(`serveur arrêté (${String(code)}) : ${erreurs}`)),
    );
    const lire = (d: Buffer) => {
      sortie += d.toString();
      const adresse = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(sortie)?.[1];
      if (adresse) {
        // Read once: the log of a long run is not kept in memory.
        processus.stdout.off('data', lire);
        processus.stdout.resume();
        resolve({ url: adresse, processus, erreurs: () => erreurs });
      }
    };
    processus.stdout.on('data', lire);
  });
}

/** Demo data on the cluster, as `npm run demo` does on a real server. */
export function semerDemo(databaseUrl: string) {
  execFileSync(process.execPath, ['dist/demo.js'], {
    cwd: SERVEUR,
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  });
}

export async function arreterServeur(serveur: ServeurLance | undefined) {
  if (!serveur || serveur.processus.exitCode !== null) return;
  const fin = new Promise((r) => serveur.processus.once('exit', r));
  serveur.processus.kill('SIGTERM');
  await fin;
}
