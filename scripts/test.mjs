#!/usr/bin/env node
// `npm test`: every test — vitest (domain, report, server, web), Playwright end to end, the
// shell's size budget — and one closing line `N passed, N failed` summed over all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { playwrightNonExecutes, resumerNonExecutes, vitestNonExecutes } from './non-executes.mjs';
import { ensureTools } from './tools.mjs';

const chromium = ensureTools();
const out = mkdtempSync(path.join(os.tmpdir(), 'estive-test-'));
const env = { ...process.env, CHROMIUM_PATH: chromium };
const run = (cmd, args, extraEnv = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } }).status ?? 1;

const onlyServer = process.argv.includes('--server-only');
const vitestJson = path.join(out, 'vitest.json');
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
];
if (onlyServer) vitestArgs.push('--project', 'server', '--project', 'server-pg');
else vitestArgs.push('--coverage');
const vitestStatus = run('npx', vitestArgs);

let passed = 0;
let failed = 0;
// Names of the failed tests, repeated at the very end: CI keeps only the tail of a long log.
const failures = [];
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  // A file whose beforeAll failed lists its cases as skipped: each counts as failed, cause named.
  const nonExecutes = vitestNonExecutes(report);
  failures.push(...resumerNonExecutes(nonExecutes));
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      // With its assertion's first line: CI keeps only this tail of the log.
      if (test.status === 'failed') {
        failures.push(`vitest ${file.name}: ${test.fullName}\n${test.failureMessages?.[0] ?? ''}`);
      }
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failures.push(`vitest ${file.name}: ${file.message ?? 'le fichier n’a pas pu s’exécuter'}`);
    }
  }
  passed += report.numPassedTests;
  failed +=
    report.numFailedTests +
    nonExecutes.length +
    (report.numTotalTestSuites > 0 &&
    report.success === false &&
    report.numFailedTests + nonExecutes.length === 0
      ? 1
      : 0);
} else {
  failed += 1;
}

let e2eStatus = 0;
if (!onlyServer) {
  const e2eJson = path.join(out, 'e2e.json');
  e2eStatus = run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
    },
  );
  if (existsSync(e2eJson)) {
    const { stats, suites } = JSON.parse(readFileSync(e2eJson, 'utf8'));
    collectPlaywrightFailures(suites, failures);
    passed += stats.expected + stats.flaky;
    // A run that failed before any test (its web server could not start) still counts as one.
    failed += stats.unexpected + (e2eStatus !== 0 && stats.unexpected === 0 ? 1 : 0);
    // Tests left unrun by a failed beforeAll or an earlier failure of a serial group.
    const nonJoues = playwrightNonExecutes(suites);
    failures.push(...resumerNonExecutes(nonJoues));
    failed += nonJoues.length;
  } else {
    failed += 1;
  }
}

// The shell's JavaScript against its budget (issue 17): e2e has built apps/web/dist by now.
let tailleStatus = 0;
if (!onlyServer) {
  tailleStatus = run('node', ['scripts/shell-size.mjs']);
  if (tailleStatus === 0) passed += 1;
  else {
    failed += 1;
    failures.push('scripts/shell-size.mjs: le JavaScript du shell dépasse son budget');
  }
}

if (failures.length > 0) {
  console.log('\nÉchecs :');
  for (const failure of failures) {
    // Without the reporters' colour codes, the first lines of the error on one line.
    const plain = failure.replace(/\x1b\[[0-9;]*m/g, '');
    const lines = plain.split('\n').filter((l) => l.trim() !== '');
    console.log(`FAILED ${lines.slice(0, 4).join(' | ').slice(0, 600)}`);
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(vitestStatus !== 0 || e2eStatus !== 0 || tailleStatus !== 0 || failed > 0 ? 1 : 0);

function collectPlaywrightFailures(suites = [], into) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected') {
          const dernier = test.results.at(-1);
          into.push(`playwright ${spec.file} › ${spec.title}: ${dernier?.error?.message ?? ''}`);
          pageAuMomentDeLEchec(dernier);
        }
      }
    }
    collectPlaywrightFailures(suite.suites, into);
  }
}

/** What the page showed when the test failed (its error context), printed where CI keeps it. */
function pageAuMomentDeLEchec(resultat) {
  const contexte = resultat?.attachments?.find((a) => a.name === 'error-context')?.path;
  if (!contexte || !existsSync(contexte)) return;
  const texte = readFileSync(contexte, 'utf8');
  // The page's main region when it has one: the header is the same on every screen.
  const principal = texte.indexOf('- main ');
  const instantane = texte.slice(principal >= 0 ? principal : texte.indexOf('# Page snapshot'));
  // Prefixed: .ci/run repeats these lines at the very end of its log.
  for (const ligne of instantane.split('\n').slice(0, 40)) console.log(`PAGE| ${ligne}`);
}
