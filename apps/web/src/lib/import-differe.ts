import { lazy } from 'react';

/** Pauses before each new attempt, in ms: a fetch the service worker dropped under load. */
const REPRISES_MS = [300, 1000];

/**
 * A module imported on demand, fetched again when the fetch fails: on a loaded tablet the service
 * worker can drop a chunk it holds, and a page must not fall over for one lost read.
 */
export async function importerAvecReprise<T>(importer: () => Promise<T>): Promise<T> {
  for (let essai = 0; ; essai++) {
    try {
      return await importer();
    } catch (erreur) {
      const pause = REPRISES_MS[essai];
      if (pause === undefined) throw erreur;
      await new Promise((fin) => setTimeout(fin, pause));
    }
  }
}

/**
 * The rest of Mantine's styles (ui/styles/mantine-reste.css): the shell carries only its own
 * components' (issue 29 item 6), so what is loaded on demand brings the others before it renders.
 */
const stylesRestants = () => import('../ui/styles/reste');

/**
 * `React.lazy` with the retries above: every page and panel loaded on demand goes through it, and
 * waits for the rest of the styles as for its code (both fetched at once; once loaded, at no cost).
 */
export const differe: typeof lazy = (importer) =>
  lazy(async () => {
    const [, module] = await Promise.all([
      importerAvecReprise(stylesRestants),
      importerAvecReprise(importer),
    ]);
    return module;
  });

/** The browsers' words for a module that could not be fetched (Chromium, WebKit, Firefox). */
const MODULE_INJOIGNABLE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

export const estModuleInjoignable = (erreur: unknown): boolean =>
  erreur instanceof Error && MODULE_INJOIGNABLE.test(erreur.message);
