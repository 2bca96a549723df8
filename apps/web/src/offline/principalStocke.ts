import type { Principal } from '@estive/contracts';
import { META, NOM_BASE } from './sync/meta';

/**
 * Reads the stored authority (the principal written at the last online start) with IndexedDB
 * itself: the start-up decision must not wait for Dexie (about 30 KB gzip), which stays out of the
 * shell (issue 17, item 6) and arrives with the first screen that needs the device's data.
 * Never creates the database: when it does not exist yet, the version change is aborted, so Dexie
 * later creates it from scratch as usual.
 */
export function lirePrincipalStocke(nom = NOM_BASE): Promise<Principal | undefined> {
  return new Promise((resolve) => {
    let ouverture: IDBOpenDBRequest;
    try {
      ouverture = indexedDB.open(nom);
    } catch {
      resolve(undefined);
      return;
    }
    ouverture.onupgradeneeded = () => ouverture.transaction?.abort();
    ouverture.onerror = () => resolve(undefined);
    ouverture.onblocked = () => resolve(undefined);
    ouverture.onsuccess = () => {
      const base = ouverture.result;
      const fin = (valeur: Principal | undefined) => {
        base.close();
        resolve(valeur);
      };
      if (!base.objectStoreNames.contains('meta')) {
        fin(undefined);
        return;
      }
      const lecture = base.transaction('meta', 'readonly').objectStore('meta').get(META.principal);
      lecture.onsuccess = () => {
        // IndexedDB answers any: the meta store holds what session.ts wrote under this key.
        const entree = lecture.result as { value?: Principal } | undefined;
        fin(entree?.value);
      };
      lecture.onerror = () => fin(undefined);
    };
  });
}
