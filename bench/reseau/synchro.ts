import os from 'node:os';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { CONTROLES_SUR_APPAREIL, garnirAppareil, lecturesBrutes } from './appareil-garni';
import { LIEN, limiteFilaireMs, ouvrirLien } from './lien';
import type { ContexteReseau } from './partie';

const brotli = promisify(zlib.brotliCompress);

interface TraceAppel {
  appel: string;
  /** Epoch ms, as chromium dates the request's start. */
  debut: number;
  finMs: number;
  octets: Promise<{ responseBodySize: number }>;
}

/** TRACE=1: each call of a run, its start and end from the first call's start, and its body. */
async function imprimerTrace(trace: TraceAppel[]): Promise<void> {
  if (!process.env.TRACE || trace.length === 0) return;
  const zero = Math.min(...trace.map((t) => t.debut));
  for (const t of [...trace].sort((a, b) => a.debut - b.debut)) {
    const debut = t.debut - zero;
    const { responseBodySize } = await t.octets;
    console.log(
      `    ${debut.toFixed(0).padStart(6)} → ${(debut + t.finMs).toFixed(0).padStart(6)} ms  ${(responseBodySize / 1024).toFixed(1).padStart(7)} KB  ${t.appel}`,
    );
  }
}

interface Bilan {
  dureeMs: number;
  parFlux: Record<string, { recus: number; totalMs: number }>;
  envoiMs: number;
  envoiControlesMs: number;
}

/** One sync run from the app's button, until the app's mark that the run has ended. */
async function synchroniser(page: Page): Promise<{
  bilan: Bilan;
  murMs: number;
  api: string[];
  apiMs: number[];
  trace: TraceAppel[];
  clicVersMoteurMs: number;
  clicVersFinMs: number;
}> {
  const api: string[] = [];
  const apiMs: number[] = [];
  const trace: TraceAppel[] = [];
  const estApi = (r: Request) => {
    const { pathname } = new URL(r.url());
    return pathname.startsWith('/api/') && pathname !== '/api/actuator/health';
  };
  const surRequete = (r: Request) => {
    if (estApi(r)) api.push(`${r.method()} ${new URL(r.url()).pathname}`);
  };
  // Each call's time from its start to its answer's end, as chromium timed it (the wire's share).
  const surFin = (r: Request) => {
    if (!estApi(r)) return;
    const t = r.timing();
    apiMs.push(t.responseEnd);
    trace.push({
      appel: `${r.method()} ${new URL(r.url()).pathname}`,
      debut: t.startTime,
      finMs: t.responseEnd,
      octets: r.sizes(),
    });
  };
  page.on('request', surRequete);
  page.on('requestfinished', surFin);
  // The end the user sees: the app's mark once the offline documents are kept too.
  const avant = await page.evaluate<number>(
    `performance.getEntriesByName('estive:synchro-terminee').length`,
  );
  // The click as the page dates it: the engine's start is then read on the page's own clock.
  await page.evaluate(
    `window.benchClic = null; document.addEventListener('click', (e) => { window.benchClic = e.timeStamp; }, { capture: true, once: true })`,
  );
  const debut = performance.now();
  await page
    .getByRole('button', { name: /Synchroni/ })
    .first()
    .click();
  await page.waitForFunction(
    `performance.getEntriesByName('estive:synchro-terminee').length > ${avant}`,
    null,
    { timeout: 600_000 },
  );
  const murMs = performance.now() - debut;
  page.off('request', surRequete);
  page.off('requestfinished', surFin);
  const { bilan, clicVersMoteurMs, clicVersFinMs } = await page.evaluate<{
    bilan: Bilan;
    clicVersMoteurMs: number;
    clicVersFinMs: number;
  }>(`(() => {
    const mesure = performance.getEntriesByName('estive:synchro').at(-1);
    const fin = performance.getEntriesByName('estive:synchro-terminee').at(-1);
    return {
      bilan: mesure.detail,
      clicVersMoteurMs: mesure.startTime - window.benchClic,
      clicVersFinMs: fin.startTime - window.benchClic,
    };
  })()`);
  return { bilan, murMs, api, apiMs, trace, clicVersMoteurMs, clicVersFinMs };
}

/**
 * What the device holds once synced, as the smallest stream that carries it: every record of its
 * store (the session apart) one JSON per line, then the bytes of the files it keeps offline (the
 * reference documents and logos the run fetched), compressed by brotli at its best quality. The
 * wire limit is computed from these bytes, not from what the server chose to send.
 */
async function octetsDetenus(
  page: Page,
): Promise<{ brut: number; compresse: number; fichiers: number; nombreFichiers: number }> {
  const { texte, fichiers } = await page.evaluate<{
    texte: string;
    fichiers: string[];
  }>(`(async () => {
    const attendre = (req) => new Promise((ok, ko) => { req.onsuccess = () => ok(req.result); req.onerror = () => ko(req.error); });
    const base = await attendre(indexedDB.open('estive'));
    const lignes = [];
    const fichiers = [];
    for (const nom of base.objectStoreNames) {
      if (nom === 'meta') continue;
      for (const r of await attendre(base.transaction(nom).objectStore(nom).getAll())) {
        if (nom !== 'fichiers') { lignes.push(JSON.stringify(r)); continue; }
        const { blob, ...entree } = r;
        lignes.push(JSON.stringify(entree));
        const octets = new Uint8Array(await blob.arrayBuffer());
        let binaire = '';
        for (let i = 0; i < octets.length; i += 0x8000)
          binaire += String.fromCharCode(...octets.subarray(i, i + 0x8000));
        fichiers.push(btoa(binaire));
      }
    }
    base.close();
    return { texte: lignes.join('\\n'), fichiers };
  })()`);
  const contenus = fichiers.map((f) => Buffer.from(f, 'base64'));
  const tout = Buffer.concat([Buffer.from(texte), ...contenus]);
  const compresse = await brotli(tout, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  });
  return {
    brut: tout.length,
    compresse: compresse.length,
    fichiers: contenus.reduce((n, c) => n + c.length, 0),
    nombreFichiers: contenus.length,
  };
}

/** 'GET /api/x ×3, POST /api/y': the calls of a run, counted by path in their first order. */
function regrouper(appels: string[]): string {
  const comptes = new Map<string, number>();
  for (const appel of appels) comptes.set(appel, (comptes.get(appel) ?? 0) + 1);
  return [...comptes].map(([appel, n]) => (n > 1 ? `${appel} ×${n}` : appel)).join(', ');
}

const ko = (octets: number) => `${(octets / 1024).toFixed(0)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const atteint = (ok: boolean) => (ok ? 'atteint' : 'NON atteint');

/**
 * First sync and sync with nothing new of the demo controller on the weak link (issue 29, items 2
 * and 3): chromium reaches the server through the link's relay (`ouvrirLien`), signs in, then
 * syncs from the app's button; the bytes and requests are those of the sync alone.
 */
export async function synchro({ navigateur, port }: ContexteReseau): Promise<void> {
  const lien = await ouvrirLien(port);
  const contexte = await navigateur.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  try {
    const page = await contexte.newPage();
    const base = `http://127.0.0.1:${lien.port}`;
    await page.goto(`${base}/login`, { timeout: 120_000 });
    await page.getByLabel('Identifiant').fill('controleur@estive.test');
    await page.getByLabel('Mot de passe').fill('estive');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/tournee', { timeout: 120_000 });
    // The app's own files first (the precache, measured by 'premiere-visite'): sharing the link
    // with them, the sync's time would be theirs as much as its own.
    const debutPrecache = performance.now();
    await page.evaluate(`navigator.serviceWorker.ready.then(() => true)`);
    console.log(
      `\n  (précache du service worker terminé ${s(performance.now() - debutPrecache)} après la connexion, ${ko(lien.octetsRecus())} reçus depuis l'ouverture)`,
    );

    lien.remettreAZero();
    const premiere = await synchroniser(page);
    const octetsPremiere = lien.octetsRecus();
    const envoyesPremiere = lien.octetsEnvoyes();
    const detenus = await octetsDetenus(page);
    const limite = limiteFilaireMs(detenus.compresse);
    const annuaire = premiere.bilan.parFlux['annuaire-morale'];

    console.log(
      `\nSynchronisation sur le lien lent (${(LIEN.descenteOctetsParSeconde * 8e-6).toFixed(1)} Mbit/s, ${LIEN.rttMs} ms RTT)`,
    );
    console.log(
      `  première synchronisation : ${s(premiere.clicVersFinMs)} du clic à la fin (horloge de la page ; ${s(premiere.murMs)} vu du banc), ${premiere.api.length} requêtes, ${ko(octetsPremiere)} reçus et ${ko(envoyesPremiere)} envoyés sur le fil (annuaire : ${annuaire?.recus ?? 0} opérateurs)`,
    );
    console.log(
      `  données détenues par l'appareil : ${ko(detenus.brut)} (dont ${detenus.nombreFichiers} fichiers, ${ko(detenus.fichiers)}), ${ko(detenus.compresse)} compressées (brotli 11) → limite du fil ${s(limite)} (octets ÷ débit + 2 RTT)`,
    );
    console.log(`  requêtes de la première synchronisation : ${regrouper(premiere.api)}`);
    await imprimerTrace(premiere.trace);
    const ratio = premiere.clicVersFinMs / limite;
    console.log(`  → ${ratio.toFixed(2)} × la limite (objectif ≤ 1,5 : ${atteint(ratio <= 1.5)})`);

    // A device holding a season of controls; the sync after it pushes the one visit entered.
    const copies = await garnirAppareil(page, base);
    const miseEnPlace = await synchroniser(page);
    console.log(
      `  appareil garni de ${copies} contrôles synchronisés (grilles de 80 points) et d'une visite saisie, envoyée par une synchronisation (${miseEnPlace.api.length} requêtes)`,
    );

    const sansRien: Awaited<ReturnType<typeof synchroniser>>[] = [];
    for (let i = 0; i < 3; i++) {
      lien.remettreAZero();
      sansRien.push(await synchroniser(page));
    }
    // The user's wait is the tap to the end of the run on the page's clock; the bench's own
    // wall time adds Playwright's click (finding the button by role) and its polling of the mark.
    const pire = sansRien.reduce((a, b) => (b.clicVersFinMs > a.clicVersFinMs ? b : a));
    console.log(
      `  sans nouveauté (3 fois) : clic → fin (horloge de la page) ${sansRien.map((r) => s(r.clicVersFinMs)).join(' / ')}, ${sansRien.map((r) => r.api.length).join(' / ')} requêtes (${pire.api.join(', ')}), ${ko(lien.octetsRecus())} reçus la dernière fois ; vu du banc (clic Playwright et attente compris) ${sansRien.map((r) => s(r.murMs)).join(' / ')}`,
    );
    console.log(
      `  → pire : ${pire.api.length} requêtes et ${s(pire.clicVersFinMs)} (objectif ≤ 2 requêtes et ≤ 1 s : ${atteint(pire.api.length <= 2 && pire.clicVersFinMs <= 1000)})`,
    );
    console.log(
      `  dont clic → début du moteur (horloge de la page) ${sansRien.map((r) => s(r.clicVersMoteurMs)).join(' / ')}, moteur de synchronisation (mesure estive:synchro) ${sansRien.map((r) => s(r.bilan.dureeMs)).join(' / ')} ; appels ${sansRien.map((r) => r.apiMs.map((m) => `${m.toFixed(0)} ms`).join(' + ')).join(' / ')}`,
    );
    const brutes = await lecturesBrutes(page);
    const ms = (v: number) => `${v.toFixed(2)} ms`;
    const mediane = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
    const envoiControles = mediane(sansRien.map((r) => r.bilan.envoiControlesMs));
    console.log(
      `  phase d'envoi sans rien à envoyer, ${CONTROLES_SUR_APPAREIL} contrôles sur l'appareil : ${sansRien.map((r) => ms(r.bilan.envoiMs)).join(' / ')} (journaux, opérateurs, contrôles), dont contrôles ${sansRien.map((r) => ms(r.bilan.envoiControlesMs)).join(' / ')}`,
    );
    console.log(
      `  lectures IndexedDB brutes, même page (médiane de 7) : une entrée de meta ${ms(brutes.uneEntree)}, tous les contrôles ${ms(brutes.tous)} → recherche des contrôles à envoyer = ${(envoiControles / brutes.uneEntree).toFixed(1)} × une lecture d'entrée, ${(envoiControles / brutes.tous).toFixed(2)} × la lecture de tous les contrôles`,
    );
    // The times count the device's and the server's work too: on a loaded machine they stretch.
    console.log(
      `  charge de la machine (1, 5, 15 min) : ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
  } finally {
    await contexte.close();
    await lien.fermer();
  }
}
