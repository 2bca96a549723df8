import type { Browser } from 'playwright-core';

/**
 * What each part of `bench:reseau` receives: the browser, the port of the real server on the
 * 20,000-operator demo database, and that database's folder. Each part opens its own contexts,
 * puts them behind the weak link (`./lien`), prints its figures and closes what it opened.
 */
export interface ContexteReseau {
  navigateur: Browser;
  port: number;
  dataDir: string;
}

export type PartieReseau = (contexte: ContexteReseau) => Promise<void>;
