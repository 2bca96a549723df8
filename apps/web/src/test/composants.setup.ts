/**
 * Setup of the component tests (jsdom): what Mantine asks of a browser that jsdom does not have,
 * and the DOM matchers. Layout is not computed in jsdom — what depends on it is checked in
 * chromium by the e2e specs.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, inject } from 'vitest';

afterEach(cleanup);

// jsdom has none of these three.
window.matchMedia = (query: string): MediaQueryList => {
  const liste: MediaQueryList = Object.assign(new EventTarget(), {
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
  });
  return liste;
};

class ResizeObserverInerte implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverInerte;
Element.prototype.scrollIntoView = () => undefined;

/**
 * The client calls `fetch('/api/…')` relative to the page; here the page is jsdom's and the server
 * the real one the global setup started: relative URLs go to its origin. Node's fetch keeps no
 * cookie, so a test lives on its access token (`seConnecter` in ./serveur.ts).
 */
const origineServeur = inject('origineServeur');
const fetchNode = globalThis.fetch.bind(globalThis);
globalThis.fetch = (entree: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
  fetchNode(
    typeof entree === 'string' && entree.startsWith('/') ? `${origineServeur}${entree}` : entree,
    init,
  );
