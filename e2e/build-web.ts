import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RACINE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST (read by the server too) lets two working copies' runs build and serve their own
// bundle instead of rebuilding one shared folder under each other's server.
const DIST = process.env.WEB_DIST ? path.resolve(RACINE, process.env.WEB_DIST) : null;
export const DIST_VERSION = path.join(DIST ?? path.join(RACINE, 'apps/web/dist'), 'version.json');

/** The sources the web build depends on: a newer file makes dist stale. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
  'packages/contracts/src',
  'packages/report/src',
];

function dernierChangement(chemin: string): number {
  if (!existsSync(chemin)) return 0;
  const stat = statSync(chemin);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(chemin).reduce(
    (max, nom) => Math.max(max, dernierChangement(path.join(chemin, nom))),
    stat.mtimeMs,
  );
}

/** Builds apps/web when dist is missing or older than its sources; says which. */
export function construireWebSiBesoin(): void {
  const construit = existsSync(DIST_VERSION) ? statSync(DIST_VERSION).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => dernierChangement(path.join(RACINE, s))));
  if (construit >= sources) return;
  console.log(
    construit ? 'apps/web/dist est périmé : reconstruction' : 'apps/web/dist absent : construction',
  );
  const sortie = DIST ? ` -- --outDir ${JSON.stringify(DIST)} --emptyOutDir` : '';
  execSync(`npm run build -w @estive/web${sortie}`, { cwd: RACINE, stdio: 'inherit' });
}
