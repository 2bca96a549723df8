/**
 * Small preferences of the device in localStorage (synchronous, read before first render):
 * never business data, which lives in the Dexie database — except the entry form's rescue copy
 * of a draft, written synchronously when the page goes and moved to Dexie on the next opening
 * (features/controles/saisie/etat/secours.ts).
 */
export const CLES = {
  horsLigneManuel: 'estive.horsLigneManuel',
  droitActif: 'estive.droitActif',
  versionVue: 'estive.versionVue',
  /** Prefix: one rescue copy per visit. */
  secours: 'estive.secours:',
} as const;

/** Drops every rescue copy (a wipe of the device's data). */
export function effacerSecours(): void {
  try {
    for (const k of Object.keys(localStorage))
      if (k.startsWith(CLES.secours)) localStorage.removeItem(k);
  } catch {
    // Storage denied: nothing was written there either.
  }
}

/** What was stored under `cle`, as parsed JSON: the caller checks its shape. */
export function lire(cle: string): unknown {
  try {
    const brut = localStorage.getItem(cle);
    if (brut === null) return null;
    const valeur: unknown = JSON.parse(brut);
    return valeur;
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
