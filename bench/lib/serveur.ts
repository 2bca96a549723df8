import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { construireWebSiBesoin } from '../../e2e/build-web';

export const racine = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The web app as built from the current sources: the e2e runs' rule (rebuilt when a source is newer
 * than the bundle; WEB_DIST builds and serves a bundle of its own). A bench that only checked the
 * bundle's presence measured whatever was built last — once, a day-old bundle without the sync
 * work it was meant to measure.
 */
export { construireWebSiBesoin };

/** A throwaway embedded database seeded with `operateurs` directory operators. */
export function baseDeDemo(operateurs: number): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'estive-bench-'));
  const r = spawnSync(
    'npx',
    ['tsx', 'apps/server/src/demo/cli.ts', '--operators', String(operateurs)],
    {
      cwd: racine,
      stdio: 'inherit',
      env: { ...process.env, DATA_DIR: dataDir },
    },
  );
  if (r.status !== 0) throw new Error('Le chargement des données de démonstration a échoué');
  return dataDir;
}

export async function demarrerServeur(dataDir: string, port: number): Promise<ChildProcess> {
  const serveur = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: racine,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    // Its own process group: stopping it stops npx and the server under it.
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/actuator/health`);
      if (res.ok) return serveur;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  arreterServeur(serveur);
  throw new Error('Le serveur ne répond pas');
}

export function arreterServeur(serveur: ChildProcess): void {
  if (serveur.pid) process.kill(-serveur.pid, 'SIGTERM');
}

export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const stats = (valeurs: number[]) => {
  const tri = [...valeurs].sort((a, b) => a - b);
  const q = (p: number) => tri[Math.min(tri.length - 1, Math.floor(p * tri.length))];
  return { median: q(0.5), p95: q(0.95), min: tri[0], max: tri.at(-1)! };
};

/**
 * A page of the app signed in as the demo controller, on Mes tournées. bypassCSP: benches
 * evaluate measuring code in the page, which the app's CSP forbids.
 */
export async function pageControleur(navigateur: Browser, port: number): Promise<Page> {
  const page = await navigateur.newPage({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  await page.goto(`http://127.0.0.1:${port}/login`);
  await page.getByLabel('Identifiant').fill('controleur@estive.test');
  await page.getByLabel('Mot de passe').fill('estive');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/tournee');
  return page;
}

export interface Banc {
  dataDir: string;
  serveur: ChildProcess;
  navigateur: Browser;
  /** Closes the browser, then stops the server. */
  fermer: () => Promise<void>;
}

/**
 * What every browser bench starts with: the web bundle (built if missing), a demo database of
 * `operateurs` operators (or BENCH_DATA_DIR, a database seeded by an earlier run: seeding 20,000
 * operators takes ~30 s), the server on `port` and headless chromium. Prints the database and
 * the machine's load, which the figures depend on.
 */
export async function demarrerBanc(operateurs: number, port: number): Promise<Banc> {
  construireWebSiBesoin();
  const dataDir = process.env.BENCH_DATA_DIR ?? baseDeDemo(operateurs);
  console.log(`Données : ${dataDir} (${String(operateurs)} opérateurs)`);
  const charge = os.loadavg().map((l) => l.toFixed(1));
  console.log(`Charge de la machine au départ : ${charge.join(', ')}`);
  const serveur = await demarrerServeur(dataDir, port);
  const navigateur = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const fermer = async () => {
    await navigateur.close();
    arreterServeur(serveur);
  };
  return { dataDir, serveur, navigateur, fermer };
}
