/**
 * bench/reseau — the app on the weak mobile link of issue 29 (1.6 Mbit/s down, 750 kbit/s up,
 * 150 ms RTT; `./lien`), real server on a 20,000-operator demo database, headless chromium. Each
 * part prints its figures beside its wire limit:
 *  - `premiere-visite`: first load to the sign-in screen, then the precache's bytes on the wire;
 *  - `synchro`: first sync and sync with nothing new of the demo controller;
 *  - `envoi`: push of 8 controls with their PDFs, link cut in the middle.
 * `PARTIES=premiere-visite,synchro` runs only those. Prints figures; it is not a test.
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import {
  arreterServeur,
  baseDeDemo,
  CHROMIUM_ARGS,
  chromiumPath,
  construireWebSiBesoin,
  demarrerServeur,
} from '../lib/serveur';
import { envoi } from './envoi';
import type { PartieReseau } from './partie';
import { premiereVisite } from './premiere-visite';
import { synchro } from './synchro';

const OPERATEURS = Number(process.env.OPERATEURS ?? 20_000);
const PORT = Number(process.env.PORT ?? 8098);

const PARTIES: Record<string, PartieReseau> = {
  'premiere-visite': premiereVisite,
  synchro,
  envoi,
};
const choisies = (process.env.PARTIES ?? Object.keys(PARTIES).join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
for (const nom of choisies) {
  if (!PARTIES[nom])
    throw new Error(`Partie inconnue : ${nom} (${Object.keys(PARTIES).join(', ')})`);
}

construireWebSiBesoin();
// BENCH_DATA_DIR reuses a database seeded by an earlier run (seeding 20,000 operators takes ~30 s).
const dataDir = process.env.BENCH_DATA_DIR ?? baseDeDemo(OPERATEURS);
console.log(`Données : ${dataDir} (${OPERATEURS} opérateurs)`);
console.log(
  `Charge de la machine au départ : ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
const serveur = await demarrerServeur(dataDir, PORT);
const navigateur = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const nom of choisies) await PARTIES[nom]!({ navigateur, port: PORT, dataDir });
} finally {
  await navigateur.close();
  arreterServeur(serveur);
}
