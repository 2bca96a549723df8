/**
 * Small preferences of the device in localStorage (synchronous, read before first render):
 * never business data, which lives in the Dexie database.
 */
export const CLES = {
  horsLigneManuel: 'estive.horsLigneManuel',
  droitActif: 'estive.droitActif',
  versionVue: 'estive.versionVue',
} as const;

export function lire<T>(cle: string): T | null {
  try {
    const brut = localStorage.getItem(cle);
    return brut === null ? null : (JSON.parse(brut) as T);
  } catch {
    return null;
  }
}

export function ecrire(cle: string, valeur: unknown): void {
  try {
    if (valeur === null || valeur === undefined) localStorage.removeItem(cle);
    else localStorage.setItem(cle, JSON.stringify(valeur));
  } catch {
    // Private mode or full quota: the preference is lost, the app still works.
  }
}
