import type { Page } from '@playwright/test';

/** A record of the device store, as the page's IndexedDB holds it. */
export type Enregistrement = Record<string, unknown> & { id: string };

/**
 * Reads or rewrites records of the app's IndexedDB database `estive` from the page itself, with
 * the raw IndexedDB API (the bundled Dexie is not reachable from the test).
 */
export async function lireTable(page: Page, table: string): Promise<Enregistrement[]> {
  return page.evaluate(async (nom) => {
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open('estive');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
    });
    try {
      return await new Promise<Enregistrement[]>((ok, ko) => {
        const r = db.transaction(nom).objectStore(nom).getAll();
        r.onsuccess = () => ok(r.result as Enregistrement[]);
        r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
      });
    } finally {
      db.close();
    }
  }, table);
}

/**
 * The app lists its unsynced controls in `meta`, one entry per id, written with each control
 * (apps/web/src/offline/sync/nonSynchronises.ts); a raw write keeps that list as the app would.
 */
const PREFIXE_NON_SYNCHRONISE = 'controleNonSynchronise/';

export async function ecrireTable(
  page: Page,
  table: string,
  records: Enregistrement[],
): Promise<void> {
  await page.evaluate(
    async ({ nom, lignes, prefixe }) => {
      const db = await new Promise<IDBDatabase>((ok, ko) => {
        const r = indexedDB.open('estive');
        r.onsuccess = () => ok(r.result);
        r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
      });
      try {
        await new Promise<void>((ok, ko) => {
          const controles = nom === 'controles';
          const tx = db.transaction(controles ? [nom, 'meta'] : nom, 'readwrite');
          for (const l of lignes) {
            tx.objectStore(nom).put(l);
            if (!controles) continue;
            const cle = prefixe + l.id;
            if (l.sync === false) tx.objectStore('meta').put({ key: cle, value: l.id });
            else tx.objectStore('meta').delete(cle);
          }
          tx.oncomplete = () => ok();
          tx.onerror = () => ko(tx.error ?? new Error('IndexedDB'));
        });
      } finally {
        db.close();
      }
    },
    { nom: table, lignes: records, prefixe: PREFIXE_NON_SYNCHRONISE },
  );
}

/** The bytes of a file the device keeps (`fichiers`), or null when it holds none by that id. */
export async function lireFichierStocke(page: Page, id: string): Promise<Buffer | null> {
  const base64 = await page.evaluate(async (cle) => {
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open('estive');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
    });
    try {
      const f = await new Promise<{ blob: Blob } | undefined>((ok, ko) => {
        const r = db.transaction('fichiers').objectStore('fichiers').get(cle);
        r.onsuccess = () => ok(r.result as { blob: Blob } | undefined);
        r.onerror = () => ko(r.error ?? new Error('IndexedDB'));
      });
      if (!f) return null;
      const octets = new Uint8Array(await f.blob.arrayBuffer());
      let binaire = '';
      for (const o of octets) binaire += String.fromCharCode(o);
      return btoa(binaire);
    } finally {
      db.close();
    }
  }, id);
  return base64 === null ? null : Buffer.from(base64, 'base64');
}
