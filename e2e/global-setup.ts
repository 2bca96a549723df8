import { readFileSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { construireWebSiBesoin, DIST_VERSION } from './build-web';
import { demarrerFournisseurE2e } from './fournisseur-oidc';

/**
 * Playwright starts the webServer before globalSetup, and the server looks for apps/web/dist when
 * it starts: the build itself therefore runs when the config loads (playwright.config.ts). Here
 * we check that the server really serves that build, so that no test runs against an old bundle.
 */
export default async function globalSetup(
  config: FullConfig,
): Promise<(() => Promise<void>) | undefined> {
  // A server given by E2E_BASE_URL serves whatever it was started with: not ours to check.
  if (process.env.E2E_BASE_URL) return undefined;
  construireWebSiBesoin();
  const baseURL = config.projects[0]?.use.baseURL ?? 'http://localhost:8090';
  // The bundle this run built and its server serves (WEB_DIST when given).
  const { sha } = JSON.parse(readFileSync(DIST_VERSION, 'utf8')) as { sha: string };
  const reponse = await fetch(`${baseURL}/api/version?sha=${encodeURIComponent(sha)}`);
  const servi = (await reponse.json()) as { sha: string; current: boolean };
  if (!servi.current) {
    throw new Error(`Le serveur sert la version ${servi.sha}, le build est ${sha} : relancez.`);
  }
  // The server was given its issuer (playwright.config.ts) and asks it only at the first
  // federated sign-in: the provider may start after it. Stopped at the end of the run.
  const fournisseur = await demarrerFournisseurE2e(baseURL);
  return () => fournisseur.fermer();
}
