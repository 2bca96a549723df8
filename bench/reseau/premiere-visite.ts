import type { Browser } from 'playwright-core';
import { stats } from '../lib/serveur';
import { LIEN, limiteFilaireMs, ouvrirLien, type Lien } from './lien';
import type { ContexteReseau } from './partie';

const ESSAIS = Number(process.env.ESSAIS_PREMIERE_VISITE ?? 3);
/** What the sign-in screen must not wait for: the PDF engine and the report's fonts. */
const LOURDS = /pdfmake|vfs_fonts|NotoEmoji|noto-sans-(symbols|math)/;

interface Visite {
  ecranMs: number;
  octetsEcran: number;
  connexionsEcran: number;
  chargesEcran: string[];
  precacheMs: number;
  octetsPrecache: number;
  entreesPrecache: number;
  octetsDecompresses: number;
}

/**
 * A first visit on the weak link, in a fresh browser context (no service worker, empty caches):
 * from the address typed to the sign-in screen, then until the service worker is active, that is
 * until its precache is downloaded. Through the link's TCP relay (`ouvrirLien`), so that the
 * service worker's fetches cross the same link as the page's.
 */
async function visiter(navigateur: Browser, lien: Lien): Promise<Visite> {
  const contexte = await navigateur.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await contexte.newPage();
    lien.remettreAZero();
    const debut = performance.now();
    await page.goto(`http://127.0.0.1:${lien.port}/`, { waitUntil: 'commit' });
    // Checked at every frame in the page: Playwright's own wait (`waitFor`) polls every 500 ms once
    // its first few tries are spent, which added up to half a second to the figure.
    await page.waitForFunction(
      () => {
        const champ = Array.from(document.querySelectorAll('label')).find((l) =>
          l.textContent.trim().startsWith('Identifiant'),
        )?.control;
        if (!champ) return false;
        const boite = champ.getBoundingClientRect();
        return (
          boite.width > 0 && boite.height > 0 && getComputedStyle(champ).visibility !== 'hidden'
        );
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const ecranMs = performance.now() - debut;
    const octetsEcran = lien.octetsRecus();
    const connexionsEcran = lien.connexions();
    const chargesEcran = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname),
    );
    lien.remettreAZero();
    const debutPrecache = performance.now();
    // `ready` resolves once a worker is active: after its install, that is its whole precache.
    const { entrees, octets } = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      let entrees = 0;
      let octets = 0;
      for (const nom of await caches.keys()) {
        if (!nom.includes('precache')) continue;
        const cache = await caches.open(nom);
        for (const requete of await cache.keys()) {
          entrees++;
          octets += (await (await cache.match(requete))?.arrayBuffer())?.byteLength ?? 0;
        }
      }
      return { entrees, octets };
    });
    return {
      ecranMs,
      octetsEcran,
      connexionsEcran,
      chargesEcran,
      precacheMs: performance.now() - debutPrecache,
      octetsPrecache: lien.octetsRecus(),
      entreesPrecache: entrees,
      octetsDecompresses: octets,
    };
  } finally {
    await contexte.close();
  }
}

const ko = (octets: number) => `${(octets / 1024).toFixed(1)} KB`;

/** First visit on the weak link: sign-in screen (aim ≤ 3 s), then the precache's bytes. */
export async function premiereVisite({ navigateur, port }: ContexteReseau): Promise<void> {
  // Before: the same visit with compression refused, as every visit went before issue 29.
  const avant = await ouvrirLien(port, { sansCompression: true });
  let a: Visite;
  try {
    a = await visiter(navigateur, avant);
  } finally {
    await avant.fermer();
  }
  const lien = await ouvrirLien(port);
  try {
    const visites: Visite[] = [];
    for (let i = 0; i < ESSAIS; i++) visites.push(await visiter(navigateur, lien));
    const s = stats(visites.map((v) => v.ecranMs));
    const ecran = { median: s.median ?? NaN, min: s.min ?? NaN, max: s.max };
    const v = visites[0]!;
    console.log(
      `\nPremière visite sur le lien lent (${(LIEN.descenteOctetsParSeconde * 8e-6).toFixed(1)} Mbit/s ↓, ${(LIEN.montanteOctetsParSeconde * 8e-3).toFixed(0)} kbit/s ↑, RTT ${LIEN.rttMs} ms ; relais TCP : page et service worker sur le même lien), ${ESSAIS} essais`,
    );
    console.log(
      `  écran de connexion : médiane ${ecran.median.toFixed(0)} ms (min ${ecran.min.toFixed(0)}, max ${ecran.max.toFixed(0)}) — objectif ≤ 3000 ms ${ecran.median <= 3000 ? 'OK' : 'NON ATTEINT'}`,
    );
    console.log(
      `    sans compression (avant) : ${a.ecranMs.toFixed(0)} ms, ${ko(a.octetsEcran)} sur le fil`,
    );
    console.log(
      `    ${ko(v.octetsEcran)} sur le fil, ${v.connexionsEcran} connexions ; limite filaire ${limiteFilaireMs(v.octetsEcran, 0, 2).toFixed(0)} ms (octets ÷ débit + 2 RTT)`,
    );
    const lourds = v.chargesEcran.filter((c) => LOURDS.test(c));
    console.log(
      `    moteur PDF et polices du rapport chargés avant l'écran : ${lourds.length === 0 ? 'non' : `OUI (${lourds.join(', ')})`}`,
    );
    console.log(
      `  précache sans compression (avant) : ${ko(a.octetsPrecache)} sur le fil en ${(a.precacheMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  précache ensuite : ${v.entreesPrecache} entrées, ${ko(v.octetsPrecache)} sur le fil pour ${ko(v.octetsDecompresses)} décompressés, en ${(v.precacheMs / 1000).toFixed(1)} s (limite filaire ${(limiteFilaireMs(v.octetsPrecache, 0, 2) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await lien.fermer();
  }
}
