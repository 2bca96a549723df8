#!/usr/bin/env node
// `npm run size:shell`: the app shell's JavaScript — what apps/web/dist/index.html loads before any
// route (its module script and every modulepreload) — gzipped, against the budget of issue 17
// (200 KB). Prints the figure and each file; exits 1 above the budget. Builds the web app first
// when dist is absent. `npm test` runs it (scripts/test.mjs), hence `.ci/run` too.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_OCTETS = 200 * 1024;

/** The JavaScript files index.html loads up front, in its order, without duplicates. */
export function fichiersDuShell(html) {
  const fichiers = [];
  const balises = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
  for (const balise of balises) {
    const attribut = (nom) => new RegExp(`\\b${nom}="([^"]+)"`, 'i').exec(balise)?.[1];
    const estScript = /^<script/i.test(balise) && attribut('type') === 'module';
    const estPrechargement = /^<link/i.test(balise) && attribut('rel') === 'modulepreload';
    const cible = estScript ? attribut('src') : estPrechargement ? attribut('href') : undefined;
    if (cible && cible.endsWith('.js') && !fichiers.includes(cible)) fichiers.push(cible);
  }
  return fichiers;
}

/** Gzip size (level 9, as a server's static compression would do at best) of each shell file. */
export function mesurerShell(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const fichiers = fichiersDuShell(html).map((f) => {
    const octets = gzipSync(readFileSync(path.join(dist, f.replace(/^\//, ''))), { level: 9 });
    return { fichier: f, gzip: octets.length };
  });
  return { fichiers, total: fichiers.reduce((s, f) => s + f.gzip, 0) };
}

const ko = (octets) => `${(octets / 1024).toFixed(1)} KB`;

function principal() {
  const racine = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.join(racine, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@estive/web'], {
      cwd: racine,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const { fichiers, total } = mesurerShell(dist);
  if (fichiers.length === 0) {
    console.error('Aucun script dans apps/web/dist/index.html : build incomplet ?');
    process.exit(1);
  }
  for (const f of [...fichiers].sort((a, b) => b.gzip - a.gzip))
    console.log(`${ko(f.gzip).padStart(9)}  ${f.fichier}`);
  const verdict = total <= BUDGET_OCTETS ? 'OK' : 'AU-DESSUS DU BUDGET';
  console.log(`shell JavaScript: ${ko(total)} gzip (budget ${ko(BUDGET_OCTETS)}) ${verdict}`);
  process.exit(total <= BUDGET_OCTETS ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  principal();
