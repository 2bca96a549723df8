/**
 * bench/report/maximal — the largest realistic report (150 points, 40 shortcomings, every free
 * text at 5,000 characters; issue 29 item 5) generated IN CHROMIUM by the package's browser code,
 * as a tablet does at step 4, then in Node. PROFIL=<dir> writes a CPU profile of one chromium run
 * (CDP Profiler) to look at in DevTools. Prints figures; it is not a test.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { fixtureMaximale } from '@estive/report/fixtureMaximale';
import { genererPdfAvecPages } from '@estive/report/node';
import { CHROMIUM_ARGS, chromiumPath, stats } from '../lib/serveur';
import type { MesurePage } from './page';
import { scriptDePage } from './paquet';

const RUNS = Number(process.env.RUNS ?? 3);
const OBJECTIF_MS = 3000;

const payload = fixtureMaximale();
const profil = process.env.PROFIL;
const script = await scriptDePage({ minify: !profil });

const navigateur = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await navigateur.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: script });
  const mesurer = () =>
    page.evaluate<MesurePage, typeof payload>((p) => window.mesurerRapport(p), payload);
  // The first report loads the engine and its fonts, and prints an estimated page count; the
  // next ones, as on a tablet that has printed this report before, its last count.
  const premier = await mesurer();
  console.log(
    `Chromium, rapport maximal, premier rendu (moteur à charger, nombre de pages estimé) : ${premier.ms.toFixed(0)} ms (charge ${os.loadavg()[0]!.toFixed(1)})`,
  );
  if (profil) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    await mesurer();
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(path.join(profil, 'rapport-maximal.cpuprofile'), JSON.stringify(profile));
    console.log(`Profil écrit dans ${profil}/rapport-maximal.cpuprofile`);
  }
  const mesures: MesurePage[] = [];
  for (let i = 0; i < RUNS; i++) mesures.push(await mesurer());
  const s = stats(mesures.map((m) => m.ms));
  console.log(
    `Chromium, rapport maximal (${RUNS} rendus) : médiane ${s.median!.toFixed(0)} ms (min ${s.min!.toFixed(0)}, max ${s.max.toFixed(0)})` +
      ` — ${mesures[0]!.pages} pages, ${(mesures[0]!.octets / 1024 / 1024).toFixed(1)} Mo` +
      ` — objectif ≤ ${OBJECTIF_MS} ms : ${(s.median! / OBJECTIF_MS).toFixed(2)} × l'objectif, ${s.median! <= OBJECTIF_MS ? 'atteint' : 'NON atteint'}`,
  );
} finally {
  await navigateur.close();
}

const node: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const debut = performance.now();
  await genererPdfAvecPages(payload);
  node.push(performance.now() - debut);
}
console.log(
  `Node, rapport maximal : médiane ${stats(node).median!.toFixed(0)} ms (charge ${os.loadavg()[0]!.toFixed(1)})`,
);
