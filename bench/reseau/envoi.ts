import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { pdfSimple } from '../../apps/server/src/demo/fichiers-demo';
import { pageControleur } from '../lib/serveur';
import { brider, limiteFilaireMs, type Compteur } from './lien';
import type { ContexteReseau } from './partie';

/**
 * Push of 8 controls, each with a 300 kB PDF, on the weak link (issue 29 item 4), through the real
 * app in chromium: the demo controller's tablet, first sync done on a fast link, then 8 of its
 * controls edited and given a file each in the device store, and the sync button pressed.
 *  1. a push on a steady link: bytes sent (request bodies as the browser builds them, headers as
 *     it sends them) against the files' size — aim ≤ 1.1 × files + 50 kB;
 *  2. the same with the link cut in the middle of the 5th request, then restored: the push
 *     completes, and no control the server acknowledged is sent again.
 * The files are SIGNATURE documents (PDF bytes): a control takes any number of them, so the bench
 * can run again on the same database (a second audit report would be refused as not the signed one).
 */
const CONTROLES = 8;
const OCTETS_FICHIER = 300_000;
/** The cut starts this long after the 5th request (its upload takes ~3.3 s) and lasts this long. */
const COUPURE_APRES_MS = 1_500;
const COUPURE_DUREE_MS = 1_200;

/** One push request as the page's `fetch` saw it. */
interface EnvoiVu {
  controles: string[];
  documents: string[];
  octets: number;
  statut: number | 'ECHEC';
  statutsDocuments: string[];
}

declare global {
  interface Window {
    __envois?: EnvoiVu[];
    __debutEnvoi?: (n: number) => Promise<void>;
  }
}

/** Wraps the page's fetch: each push request, its exact body size, and what came back. */
function espionnerEnvois(page: Page) {
  return page.evaluate(() => {
    if (window.__envois) return;
    const envois: EnvoiVu[] = [];
    window.__envois = envois;
    const origine = window.fetch.bind(window);
    window.fetch = async (entree, init) => {
      const url =
        typeof entree === 'string' ? entree : entree instanceof URL ? entree.href : entree.url;
      if (
        !url.includes('/api/synchro/controle') ||
        init?.method !== 'POST' ||
        !(init.body instanceof FormData)
      )
        return origine(entree, init);
      const form = init.body;
      const data = JSON.parse((form.get('data') as string | null) ?? '{}') as {
        newControles: { localId: string }[];
        controles: { localId: string }[];
        documents: { nom: string }[];
      };
      const envoi: EnvoiVu = {
        controles: [...data.newControles, ...data.controles].map((c) => c.localId),
        documents: data.documents.map((d) => d.nom),
        // The multipart body exactly as the browser frames it.
        octets: (await new Request(url, { method: 'POST', body: form }).arrayBuffer()).byteLength,
        statut: 'ECHEC',
        statutsDocuments: [],
      };
      envois.push(envoi);
      void window.__debutEnvoi?.(envois.length);
      const reponse = await origine(entree, init);
      envoi.statut = reponse.status;
      if (reponse.ok) {
        const corps = (await reponse.clone().json()) as { documents: { statut: string }[] };
        envoi.statutsDocuments = corps.documents.map((d) => d.statut);
      }
      return reponse;
    };
  });
}

/**
 * Edits `n` of the device's open controls and gives each a new PDF file, unsynced; returns how
 * many controls and the files' bytes.
 */
async function preparerJournee(page: Page, n: number): Promise<{ prets: number; octets: number }> {
  const pdfs = Array.from({ length: n }, () => {
    const graine = randomUUID();
    // Text that does not repeat, ~300 kB in all (no compression on the push anyway).
    const mot = (i: number) => `${graine}-${String(i).padStart(2, '0')} `;
    const lignes = Array.from({ length: 40 }, (_, i) =>
      mot(i).repeat(Math.floor(OCTETS_FICHIER / 40 / mot(i).length)),
    );
    return [...pdfSimple([graine, ...lignes]).subarray(0)];
  });
  const prets = await page.evaluate(
    async ({ pdfs, n }) => {
      const db = await new Promise<IDBDatabase>((ok, ko) => {
        const r = indexedDB.open('estive');
        r.onsuccess = () => ok(r.result);
        r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
      });
      try {
        const controles = await new Promise<Record<string, unknown>[]>((ok, ko) => {
          const r = db.transaction('controles').objectStore('controles').getAll();
          r.onsuccess = () => ok(r.result as Record<string, unknown>[]);
          r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
        });
        const ouverts = controles
          .filter((c) => (c.statut === 'PROGRAMME' || c.statut === 'EN_COURS') && !c.toCreate)
          .slice(0, n);
        const fichiers = await Promise.all(
          ouverts.map(async (c, i) => {
            const octets = Uint8Array.from(pdfs[i] ?? []);
            const empreinte = new Uint8Array(await crypto.subtle.digest('SHA-256', octets));
            const nom = `bench-${String(c.id)}-${String(Date.now())}.pdf`;
            return {
              id: nom,
              controleId: c.id,
              aopIgpId: String((c.aopIgp as { id: string | number } | undefined)?.id ?? ''),
              typeDocument: 'SIGNATURE',
              fileName: nom,
              sha256: [...empreinte].map((o) => o.toString(16).padStart(2, '0')).join(''),
              blob: new Blob([octets], { type: 'application/pdf' }),
              sync: false,
            };
          }),
        );
        await new Promise<void>((ok, ko) => {
          // The app lists its unsynced controls in meta with each write (nonSynchronises.ts):
          // a raw write keeps that list as the app would, or the push would find nothing to send.
          const tx = db.transaction(['controles', 'fichiers', 'meta'], 'readwrite');
          for (const c of ouverts) {
            tx.objectStore('controles').put({ ...c, timestamp: Date.now(), sync: false });
            tx.objectStore('meta').put({
              key: `controleNonSynchronise/${String(c.id)}`,
              value: c.id,
            });
          }
          for (const f of fichiers) tx.objectStore('fichiers').put(f);
          tx.oncomplete = () => ok();
          tx.onerror = () => ko(tx.error ?? new Error('IndexedDB'));
        });
        return ouverts.length;
      } finally {
        db.close();
      }
    },
    { pdfs, n },
  );
  return { prets, octets: pdfs.slice(0, prets).reduce((s, p) => s + p.length, 0) };
}

/** Presses the sync button and waits for the run's end (its `estive:synchro` entry). */
async function synchroniser(page: Page, delaiMs = 180_000): Promise<boolean> {
  const avant = await page.evaluate(() => performance.getEntriesByName('estive:synchro').length);
  await page.getByRole('button', { name: /^(Synchroniser vos données|Synchronisé le)/ }).click();
  try {
    await page.waitForFunction(
      (n) => performance.getEntriesByName('estive:synchro').length > n,
      avant,
      { timeout: delaiMs, polling: 250 },
    );
    return true;
  } catch {
    return false;
  }
}

/** Header bytes of the push requests, as chromium sends them. */
function compterEntetes(compteur: Compteur) {
  const pousses = new Set<string>();
  let octets = 0;
  compteur.session.on('Network.requestWillBeSent', (e) => {
    if (e.request.method === 'POST' && e.request.url.includes('/api/synchro/controle'))
      pousses.add(e.requestId);
  });
  compteur.session.on('Network.requestWillBeSentExtraInfo', (e) => {
    if (!pousses.has(e.requestId)) return;
    for (const [nom, valeur] of Object.entries(e.headers)) octets += nom.length + valeur.length + 4;
  });
  return {
    octets: () => octets,
    remettreAZero: () => {
      octets = 0;
    },
  };
}

const ko = (o: number) => `${(o / 1000).toFixed(1)} ko`;

export async function envoi({ navigateur, port }: ContexteReseau): Promise<void> {
  console.log(`\nEnvoi de ${String(CONTROLES)} contrôles avec un PDF de 300 ko sur le lien lent`);
  const page = await pageControleur(navigateur, port);
  try {
    // The first sync on a fast link: this part measures the push, not the directory.
    if (!(await synchroniser(page))) throw new Error('première synchronisation inachevée');
    await espionnerEnvois(page);
    const compteur = await brider(page);
    const entetes = compterEntetes(compteur);
    let debutCoupure: ((n: number) => void) | null = null;
    await page.exposeFunction('__debutEnvoi', (n: number) => debutCoupure?.(n));

    const passe = async (titre: string, couper: boolean) => {
      const { prets, octets: fichiers } = await preparerJournee(page, CONTROLES);
      if (prets < CONTROLES)
        console.log(`  (${String(prets)} contrôles ouverts seulement sur l’appareil)`);
      await page.evaluate(() => {
        if (window.__envois) window.__envois.length = 0;
      });
      entetes.remettreAZero();
      let coupures = 0;
      debutCoupure = couper
        ? (n) => {
            if (n !== Math.ceil(prets / 2) + 1 || coupures > 0) return;
            coupures++;
            setTimeout(() => {
              void compteur
                .couper(true)
                .then(() => setTimeout(() => void compteur.couper(false), COUPURE_DUREE_MS));
            }, COUPURE_APRES_MS);
          }
        : null;
      const debut = performance.now();
      // A run stopped by the cut (its retries spent) is followed by the next press, as a user would.
      let termine = await synchroniser(page);
      let relances = 0;
      while (!termine && relances < 3) {
        relances++;
        termine = await synchroniser(page);
      }
      const ms = performance.now() - debut;
      const envois = await page.evaluate(() => window.__envois ?? []);
      const corps = envois.reduce((s, e) => s + e.octets, 0);
      const total = corps + entetes.octets();
      const acquittes = new Set<string>();
      let renvoyes = 0;
      for (const e of envois) {
        renvoyes += e.controles.filter((c) => acquittes.has(c)).length;
        if (e.statut === 200) e.controles.forEach((c) => acquittes.add(c));
      }
      const perdues = envois.filter((e) => e.statut !== 200);
      const echecs = perdues.length;
      const octetsPerdus = perdues.reduce((s, e) => s + e.octets, 0);
      const refuses = envois
        .flatMap((e) => e.statutsDocuments)
        .filter((s) => s === 'REJETE').length;
      console.log(`  ${titre}`);
      console.log(
        `    requêtes d’envoi : ${String(envois.length)} (${String(echecs)} perdues ou refusées), relances du bouton : ${String(relances)}`,
      );
      const objectif = 1.1 * fichiers + 50_000;
      // A run that sent nothing measured nothing: a broken bench, never a figure met.
      if (acquittes.size === 0) console.log('    AUCUN contrôle acquitté : banc invalide');
      console.log(
        `    octets envoyés : ${ko(total)} (corps ${ko(corps)} + en-têtes ${ko(entetes.octets())}) ; fichiers : ${ko(fichiers)} (${(total / fichiers).toFixed(3)} ×)`,
      );
      if (echecs === 0) {
        console.log(
          `    objectif ≤ 1,1 × fichiers + 50 ko = ${ko(objectif)} → ${total <= objectif ? 'tenu' : 'DÉPASSÉ'}`,
        );
      } else {
        console.log(
          `    dont requêtes perdues : ${ko(octetsPerdus)}, comptées entières (une part seulement a passé le fil avant la coupure) ; sans elles ${ko(total - octetsPerdus)} → objectif ${total - octetsPerdus <= objectif ? 'tenu' : 'DÉPASSÉ'}`,
        );
      }
      console.log(
        `    contrôles déjà acquittés envoyés à nouveau : ${String(renvoyes)} ; documents refusés : ${String(refuses)} ; terminé : ${termine ? 'oui' : 'NON'}`,
      );
      console.log(
        `    durée : ${(ms / 1000).toFixed(1)} s (limite du fil pour ces octets montants : ${(limiteFilaireMs(0, total, envois.length) / 1000).toFixed(1)} s)`,
      );
    };

    await passe('lien stable', false);
    await passe('lien coupé pendant la 5e requête puis rétabli', true);
  } finally {
    await page.close();
  }
}
