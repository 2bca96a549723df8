// The tests need a real browser (Debian's chromium: Playwright cannot download its own here) and
// poppler's pdftotext/pdftoppm to read the PDFs they produce. Installs them as
// `playwright install-deps` would when running as root with apt-get; else says what to do.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

export function ensureTools() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const missing = [];
  if (!existsSync(chromium)) missing.push('chromium');
  if (!has('pdftotext') || !has('pdftoppm')) missing.push('poppler-utils');
  if (missing.length === 0) return chromium;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !has('apt-get')) {
    console.error(
      `Outils manquants : ${missing.join(', ')}.\n` +
        `Installez-les (Debian : sudo apt-get install -y ${missing.join(' ')}) ` +
        'ou indiquez le navigateur avec CHROMIUM_PATH=/chemin/vers/chromium.',
    );
    process.exit(2);
  }
  console.log(`Installation de ${missing.join(', ')} (apt-get)…`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
  if (!existsSync(chromium)) {
    console.error(`Chromium introuvable à ${chromium} après installation.`);
    process.exit(2);
  }
  return chromium;
}
