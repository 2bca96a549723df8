import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:<port>` of the real server the component tests submit to. */
    origineServeur: string;
  }
}

/** A port the system just gave and took back: free for the child in all but a rare race. */
function portLibre(): Promise<number> {
  return new Promise((resoudre, rejeter) => {
    const serveur = createServer();
    serveur.once('error', rejeter);
    serveur.listen(0, '127.0.0.1', () => {
      const adresse = serveur.address();
      serveur.close(() => {
        if (adresse && typeof adresse === 'object') resoudre(adresse.port);
        else rejeter(new Error('pas de port'));
      });
    });
  });
}

async function attendrePret(origine: string, serveur: ChildProcess, journal: () => string) {
  // The first start migrates and seeds the demo on an empty PGlite: tens of seconds on a loaded machine.
  const limite = Date.now() + 240_000;
  while (Date.now() < limite) {
    if (serveur.exitCode !== null)
      throw new Error(`Le serveur des tests de composants s'est arrêté :\n${journal()}`);
    try {
      const reponse = await fetch(`${origine}/api/actuator/health`);
      if (reponse.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Le serveur des tests de composants ne répond pas :\n${journal()}`);
}

/**
 * The component tests submit their forms to the REAL server (no mocked API): one child process
 * for the run, `apps/server/src/main.ts` on a throwaway PGlite DATA_DIR seeded with the demo data
 * and accounts, on a free port. `composants.setup.ts` points the client's relative `/api` calls at it.
 */
export default async function setup(project: TestProject) {
  const racine = path.resolve(import.meta.dirname, '../../../..');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estive-composants-'));
  const port = await portLibre();
  const origine = `http://127.0.0.1:${port}`;
  let sortie = '';
  // Always the embedded database: a DATABASE_URL in the caller's shell is for the server's own tests.
  const { DATABASE_URL: _ignoree, ...environnement } = process.env;
  const serveur = spawn(
    process.execPath,
    [path.join(racine, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'],
    {
      cwd: racine,
      env: {
        ...environnement,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        // Each test signs in: the default 30 a minute would refuse a full run.
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const garder = (morceau: Buffer) => {
    sortie = (sortie + morceau.toString()).slice(-4000);
  };
  serveur.stdout.on('data', garder);
  serveur.stderr.on('data', garder);
  const fin = new Promise((r) => serveur.once('exit', r));
  const enVie = () => serveur.exitCode === null && serveur.signalCode === null;
  const arreter = async () => {
    if (enVie()) {
      serveur.kill('SIGTERM');
      await Promise.race([fin, new Promise((r) => setTimeout(r, 5000))]);
      // A server stuck on its shutdown must not keep the run alive.
      if (enVie()) serveur.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await attendrePret(origine, serveur, () => sortie);
  } catch (e) {
    await arreter();
    throw e;
  }
  project.provide('origineServeur', origine);
  return arreter;
}
