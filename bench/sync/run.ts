/**
 * bench/sync — a fresh device's first sync of the demo controller at 20,000 directory operators,
 * in headless chromium on the real PWA and server: total time, time per collection, and the ratio
 * of the directory's IndexedDB writes to a raw IndexedDB put of the same rows; then a sync with
 * nothing new. Prints figures; it is not a test.
 */
import { chromium } from 'playwright-core';
import {
  arreterServeur,
  baseDeDemo,
  CHROMIUM_ARGS,
  chromiumPath,
  construireWebSiBesoin,
  demarrerServeur,
} from '../lib/serveur';

const OPERATEURS = Number(process.env.OPERATEURS ?? 20_000);
const PORT = Number(process.env.PORT ?? 8097);

interface Mesure {
  recus: number;
  ecritureMs: number;
  totalMs: number;
}
interface Bilan {
  dureeMs: number;
  parFlux: Record<string, Mesure>;
}

construireWebSiBesoin();
console.log(`Base de démonstration : ${OPERATEURS} opérateurs…`);
// BENCH_DATA_DIR reuses a database seeded by an earlier run (seeding 20,000 operators takes ~30 s).
const dataDir = process.env.BENCH_DATA_DIR ?? baseDeDemo(OPERATEURS);
console.log(`Données : ${dataDir}`);
const serveur = await demarrerServeur(dataDir, PORT);
const navigateur = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  // bypassCSP: the bench evaluates measuring code in the page, which the app's CSP forbids.
  const page = await navigateur.newPage({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  await page.goto(`http://127.0.0.1:${PORT}/login`);
  await page.getByLabel('Identifiant').fill('controleur@estive.test');
  await page.getByLabel('Mot de passe').fill('estive');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/tournee');

  const synchroniser = async (): Promise<Bilan> => {
    const avant = await page.evaluate<number>(
      `performance.getEntriesByName('estive:synchro').length`,
    );
    await page
      .getByRole('button', { name: /Synchroni/ })
      .first()
      .click();
    await page.waitForFunction(
      `performance.getEntriesByName('estive:synchro').length > ${avant}`,
      null,
      {
        timeout: 600_000,
      },
    );
    return page.evaluate<Bilan>(`performance.getEntriesByName('estive:synchro').at(-1).detail`);
  };

  const premiere = await synchroniser();
  // Baseline: the same directory rows put with raw IndexedDB, in transactions of the batch size.
  // Written as a string: tsx's transpilation would add helpers the page does not have.
  const brut = await page.evaluate<{ lignes: number; ms: number }>(`(async () => {
    const ouvrir = (nom, magasin) => new Promise((resolve, reject) => {
      // The app's database is opened at its own version; the target is created at version 1.
      const req = magasin ? indexedDB.open(nom, 1) : indexedDB.open(nom);
      req.onupgradeneeded = () => magasin && req.result.createObjectStore(magasin, { keyPath: 'id' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const source = await ouvrir('estive');
    const lignes = await new Promise((resolve) => {
      const req = source.transaction('annuaire').objectStore('annuaire').getAll();
      req.onsuccess = () => resolve(req.result);
    });
    const cible = await ouvrir('bench-' + Date.now(), 'annuaire');
    const debut = performance.now();
    for (let i = 0; i < lignes.length; i += 200) {
      await new Promise((resolve) => {
        const tx = cible.transaction('annuaire', 'readwrite');
        for (const l of lignes.slice(i, i + 200)) tx.objectStore('annuaire').put(l);
        tx.oncomplete = () => resolve();
      });
    }
    return { lignes: lignes.length, ms: Math.round(performance.now() - debut) };
  })()`);
  const seconde = await synchroniser();

  console.log(
    `\nPremière synchronisation du contrôleur de démonstration (${OPERATEURS} opérateurs en base)`,
  );
  console.log(`  durée totale : ${premiere.dureeMs} ms`);
  for (const [entite, m] of Object.entries(premiere.parFlux)) {
    console.log(
      `  ${entite.padEnd(24)} ${String(m.recus).padStart(6)} reçus  ${String(m.totalMs).padStart(6)} ms (écriture IndexedDB ${m.ecritureMs} ms)`,
    );
  }
  const annuaire = premiere.parFlux['annuaire-morale'];
  console.log(
    `  annuaire : écriture ${annuaire.ecritureMs} ms contre ${brut.ms} ms en IndexedDB brut pour ${brut.lignes} lignes → ratio ${(annuaire.ecritureMs / brut.ms).toFixed(2)}`,
  );
  console.log(`Synchronisation sans changement : ${seconde.dureeMs} ms`);
} finally {
  await navigateur.close();
  arreterServeur(serveur);
}
