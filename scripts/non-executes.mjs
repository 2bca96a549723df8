// Tests that did not run, for `npm test`'s count (scripts/test.mjs). The team skips no test on
// purpose (no `.skip`, no `.only`), so a test reported skipped was cut short: its file's beforeAll
// or import failed (vitest lists its cases as skipped), or an earlier test of a serial group or a
// beforeAll failed (Playwright marks the rest as not run). Each counts as failed, and its file is
// named with the cause, instead of the count coming out silently short.

const NON_JOUE = new Set(['skipped', 'pending', 'todo']);

/** Vitest's JSON report: one entry per test that did not run, with its file's error. */
export function vitestNonExecutes(report) {
  const nonExecutes = [];
  for (const file of report.testResults ?? []) {
    if (file.status !== 'failed') continue;
    const cause = file.message || 'le fichier a échoué avant ses tests';
    for (const test of file.assertionResults ?? []) {
      if (NON_JOUE.has(test.status)) nonExecutes.push({ ou: `vitest ${file.name}`, cause });
    }
  }
  return nonExecutes;
}

/** Playwright's JSON report (its suites): one entry per test that did not run. */
export function playwrightNonExecutes(suites = [], nonExecutes = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'skipped') continue;
        nonExecutes.push({
          ou: `playwright ${spec.file} › ${spec.title}`,
          cause: 'un test ou un hook avant lui a échoué',
        });
      }
    }
    playwrightNonExecutes(suite.suites, nonExecutes);
  }
  return nonExecutes;
}

/** One line per place and cause, for the closing list of failures. */
export function resumerNonExecutes(nonExecutes) {
  const nombres = new Map();
  for (const { ou, cause } of nonExecutes) {
    const cle = `${ou}: non exécuté (${cause})`;
    nombres.set(cle, (nombres.get(cle) ?? 0) + 1);
  }
  return [...nombres].map(([cle, n]) =>
    n > 1 ? `${cle.replace(': non exécuté', `: ${n} tests non exécutés`)}` : cle,
  );
}
