/**
 * Setup of the component tests (jsdom): what Mantine asks of a browser that jsdom does not have,
 * and the DOM matchers. Layout is not computed in jsdom — what depends on it is checked in
 * chromium by the e2e specs.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject } from 'vitest';

afterEach(cleanup);

// Forms answer from the real server (a child process on PGlite): on a loaded machine an answer
// can take seconds, and `findBy…` would give up after its default second. A wait, not a timing.
configure({ asyncUtilTimeout: 10_000 });

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

/**
 * jsdom's FormData is not Node's: Node's fetch would send it as the text "[object FormData]".
 * A multipart form (a DI document…) is copied into Node's own FormData, files read as bytes.
 */
const FormDataNode = (
  await new Response('a=1', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  }).formData()
).constructor as typeof FormData;
async function corpsPourNode(corps: RequestInit['body']): Promise<RequestInit['body']> {
  if (!(corps instanceof FormData)) return corps;
  const copie = new FormDataNode();
  for (const [cle, valeur] of corps.entries()) {
    if (typeof valeur === 'string') copie.append(cle, valeur);
    else
      copie.append(cle, new Blob([await valeur.arrayBuffer()], { type: valeur.type }), valeur.name);
  }
  return copie;
}

globalThis.fetch = async (entree: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
  fetchNode(
    typeof entree === 'string' && entree.startsWith('/') ? `${origineServeur}${entree}` : entree,
    init && { ...init, body: await corpsPourNode(init.body) },
  );
