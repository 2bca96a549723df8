import type { Page } from 'playwright-core';

/** Controls put on the device before the syncs with nothing new (issue 29 item 3). */
export const CONTROLES_SUR_APPAREIL = Number(process.env.CONTROLES ?? 200);
/** Entries of each of their grids: the typical report's 80 points. */
const POINTS = 80;

/**
 * A device that holds a season of work: a Comté visit of the demo controller is entered (step 2
 * saved, which builds its grid), its grid grown to 80 entries, and the control copied
 * CONTROLES_SUR_APPAREIL times into the device store as synced controls. Their ids are local
 * (`local-banc-…`) so that the recheck, which drops controls the server does not know, leaves
 * them. The entered visit itself is unsynced: the next sync pushes it.
 */
export async function garnirAppareil(page: Page, base: string): Promise<number> {
  const visite = await page.evaluate<string[]>(`(async () => {
    const db = await new Promise((ok, ko) => { const r = indexedDB.open('estive'); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
    const lignes = await new Promise((ok) => { const r = db.transaction('controles').objectStore('controles').getAll(); r.onsuccess = () => ok(r.result); });
    db.close();
    const comte = lignes.find((c) => c.statut === 'PROGRAMME' && c.aopIgp.libelle === 'Comté');
    if (!comte) return [];
    return lignes.filter((c) => c.personneMoraleId === comte.personneMoraleId && c.date === comte.date && c.tourneeId === comte.tourneeId).map((c) => c.id);
  })()`);
  if (visite.length === 0) throw new Error('aucun contrôle Comté programmé');
  await page.goto(`${base}/controle/saisie?ids=${visite.join(',')}`);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('tab', { name: "Système d'exploitation" }).waitFor();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByText('Le contrôle a été sauvegardé').waitFor();
  const copies = await page.evaluate<number>(`(async () => {
    const db = await new Promise((ok) => { const r = indexedDB.open('estive'); r.onsuccess = () => ok(r.result); });
    const controle = await new Promise((ok) => { const r = db.transaction('controles').objectStore('controles').get(${JSON.stringify(visite[0])}); r.onsuccess = () => ok(r.result); });
    const compter = (g) => g.categories.reduce((n, cat) => n + cat.points.reduce((m, p) => m + p.aops.length, 0), 0);
    const categorie = controle.grille.categories.find((c) => c.points.length > 0);
    const modele = categorie.points[0];
    for (let i = 1; compter(controle.grille) < ${POINTS}; i++) {
      const copie = structuredClone(modele);
      copie.id = modele.id + '-banc-' + i;
      copie.code = modele.code + '-' + String(i).padStart(3, '0');
      categorie.points.push(copie);
    }
    await new Promise((ok, ko) => {
      const tx = db.transaction('controles', 'readwrite');
      for (let i = 0; i < ${CONTROLES_SUR_APPAREIL}; i++)
        tx.objectStore('controles').put({ ...structuredClone(controle), id: 'local-banc-' + String(i).padStart(3, '0'), toCreate: false, sync: true });
      tx.oncomplete = () => ok();
      tx.onerror = () => ko(tx.error);
    });
    db.close();
    return ${CONTROLES_SUR_APPAREIL};
  })()`);
  await page.goto(`${base}/tournee`);
  return copies;
}

/**
 * Raw IndexedDB reads in the same page, the floor under any Dexie call: one `meta` entry, and
 * every control (what a scan of the store reads at least). Median of 7, in ms.
 */
export async function lecturesBrutes(page: Page): Promise<{ uneEntree: number; tous: number }> {
  return page.evaluate<{ uneEntree: number; tous: number }>(`(async () => {
    const db = await new Promise((ok) => { const r = indexedDB.open('estive'); r.onsuccess = () => ok(r.result); });
    const mesurer = async (lire) => {
      const fois = [];
      for (let i = 0; i < 7; i++) {
        const t0 = performance.now();
        await lire();
        fois.push(performance.now() - t0);
      }
      return fois.sort((a, b) => a - b)[3];
    };
    const lire = (store, fn) => new Promise((ok) => { const r = fn(db.transaction(store).objectStore(store)); r.onsuccess = () => ok(r.result); });
    const uneEntree = await mesurer(() => lire('meta', (s) => s.get('derniereSynchro')));
    const tous = await mesurer(() => lire('controles', (s) => s.getAll()));
    db.close();
    return { uneEntree, tous };
  })()`);
}
