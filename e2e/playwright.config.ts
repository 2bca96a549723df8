import { mkdtempSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { construireWebSiBesoin, RACINE } from './build-web';
import { envFournisseurOidc } from './fournisseur-oidc';

// E2E_PORT lets two runs (or a run beside a dev server) coexist.
const PORT = Number(process.env.E2E_PORT ?? 8090);
const externe = process.env.E2E_BASE_URL;
const baseURL = externe ?? `http://localhost:${PORT}`;

// Playwright launches the webServer before globalSetup, and the server serves dist only if it exists
// at its start: build here, once, in the runner process (workers load this file too).
if (!externe && !process.env.TEST_WORKER_INDEX) construireWebSiBesoin();

// The controls each spec reserves (pages/Reservations.ts): one folder per run, set by the runner
// before its workers start so that they all share it; the global teardown removes it.
if (!process.env.TEST_WORKER_INDEX) {
  process.env.E2E_RESERVATIONS ??= mkdtempSync(path.join(os.tmpdir(), 'estive-e2e-reservations-'));
}

/**
 * A throwaway embedded database: the server seeds the demo data on an empty one. Its folder is
 * named in E2E_RUN_DATA_DIR for the global teardown, which removes it (~100 MB a run).
 */
function dossierDonnees(): string {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  const parent = path.join(RACINE, 'e2e/.data');
  mkdirSync(parent, { recursive: true });
  process.env.E2E_RUN_DATA_DIR = mkdtempSync(path.join(parent, 'run-'));
  return process.env.E2E_RUN_DATA_DIR;
}

export default defineConfig({
  testDir: './specs',
  outputDir: './.results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // One browser per core, 2 to 4: on 2 cores, 4 browsers beside the server took the load average
  // to 24 and single sign-ins past 30 s, for no shorter run (the cores were the limit either way).
  workers: Math.min(4, Math.max(2, os.availableParallelism())),
  reporter: [['list']],
  // A first render can still pass 10 s on a loaded CI machine. Passing tests take no longer for it.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  // Workers load this file too: only the runner starts the server (and makes its data folder).
  webServer:
    externe || process.env.TEST_WORKER_INDEX
      ? undefined
      : {
          // The compiled server, as in production: esbuild takes about a second.
          command: 'npm run build -w @estive/server && npm run start -w @estive/server',
          cwd: RACINE,
          url: `${baseURL}/api/actuator/health`,
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: 'ignore',
          stderr: 'pipe',
          env: {
            PORT: String(PORT),
            DATA_DIR: dossierDonnees(),
            LOG_LEVEL: 'warn',
            // Every spec signs in: the per-minute login limit is for people, not for the suite.
            LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
            // The test identity provider global-setup.ts starts (connexion-federee.spec.ts).
            ...envFournisseurOidc(baseURL),
          },
        },
});
