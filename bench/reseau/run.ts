/**
 * bench/reseau — the app on the weak mobile link of issue 29 (1.6 Mbit/s down, 750 kbit/s up,
 * 150 ms RTT; `./lien`), real server on a 20,000-operator demo database, headless chromium. Each
 * part prints its figures beside its wire limit:
 *  - `premiere-visite`: first load to the sign-in screen, then the precache's bytes on the wire;
 *  - `synchro`: first sync and sync with nothing new of the demo controller;
 *  - `envoi`: push of 8 controls with their PDFs, link cut in the middle.
 * `PARTIES=premiere-visite,synchro` runs only those. Prints figures; it is not a test.
 */
import { demarrerBanc } from '../lib/serveur';
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

const { dataDir, navigateur, fermer } = await demarrerBanc(OPERATEURS, PORT);
try {
  for (const nom of choisies) await PARTIES[nom]!({ navigateur, port: PORT, dataDir });
} finally {
  await fermer();
}
