// The headers' own entry, not the barrel: the barrel is the dynamic chunk that brings zod.
import { HEADER_APP_VERSION, HEADER_DROIT_ACTIF } from '@estive/contracts/headers';
import { ApiError, ErreurReseau } from './errors';
import { schemas } from './schemas';
import { verrousNavigateur } from '../navigateur';
import { definirJeton, effacerJeton, jetonCourant } from './token';

export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

/** What the client needs from the app, injected at start so that lib/ depends on nothing above. */
export interface ContexteClient {
  /** Id of the active right, sent as X-Droit-Actif. */
  droitActif: () => string | null;
  /** The refresh failed: the session is over, the app goes to sign-in. */
  surSessionExpiree: () => void;
  /** Reachability learnt from a call: a network error → false, any HTTP answer → true. */
  surJoignabilite: (joignable: boolean) => void;
}

let contexte: ContexteClient = {
  droitActif: () => null,
  surSessionExpiree: () => undefined,
  surJoignabilite: () => undefined,
};

export function configurerClient(c: Partial<ContexteClient>): void {
  contexte = { ...contexte, ...c };
}

export interface OptionsAppel extends Omit<RequestInit, 'body'> {
  body?: BodyInit | null;
  /** Abort after this many ms; counts as a network error (the server is out of reach). */
  timeoutMs?: number;
  /** Calls made before sign-in (login, refresh) carry no bearer and are not retried on 401. */
  authentifie?: boolean;
}

const TIMEOUT_DEFAUT_MS = 30_000;

async function envoyer(chemin: string, options: OptionsAppel): Promise<Response> {
  const { timeoutMs = TIMEOUT_DEFAUT_MS, authentifie = true, headers, signal, ...init } = options;
  const entetes = new Headers(headers);
  entetes.set(HEADER_APP_VERSION, BUILD_ID);
  const jeton = jetonCourant();
  if (authentifie && jeton) entetes.set('Authorization', `Bearer ${jeton}`);
  const droit = contexte.droitActif();
  // A call may name its own right (the CNAOL giving a right on another ODG); else the active one.
  if (authentifie && droit && !entetes.has(HEADER_DROIT_ACTIF))
    entetes.set(HEADER_DROIT_ACTIF, droit);
  const delai = AbortSignal.timeout(timeoutMs);
  try {
    const reponse = await fetch(chemin, {
      ...init,
      headers: entetes,
      signal: signal ? AbortSignal.any([signal, delai]) : delai,
    });
    contexte.surJoignabilite(true);
    return reponse;
  } catch (e) {
    // A caller's own abort says nothing about the network; anything else (TypeError: failed to
    // fetch, our timeout) means the server is out of reach.
    if (signal?.aborted) throw e;
    contexte.surJoignabilite(false);
    throw new ErreurReseau(e);
  }
}

let rafraichissement: Promise<boolean> | null = null;

/**
 * Tabs share the refresh cookie: two refreshing at once would send the same one, which the server
 * takes for a reuse and answers by revoking the family (both tabs signed out). A Web Lock makes
 * the second tab wait and send the cookie the first one received.
 */
async function entreOnglets<T>(tache: () => Promise<T>): Promise<T> {
  const verrous = verrousNavigateur();
  if (!verrous) return tache();
  return await verrous.request('estive:rafraichissement', tache);
}

/**
 * Exchanges the refresh cookie for a new access token. One at a time: concurrent 401s share the
 * same refresh (in this tab, and across tabs through a Web Lock), since the server rotates the
 * cookie and revokes the family on reuse.
 * Resolves false when the session is over; throws ErreurReseau when the server is unreachable
 * (offline, the user must stay signed in).
 */
export function rafraichirJeton(): Promise<boolean> {
  rafraichissement ??= (async () => {
    try {
      const reponse = await entreOnglets(() =>
        envoyer('/api/auth/refresh', { method: 'POST', authentifie: false, timeoutMs: 10_000 }),
      );
      if (!reponse.ok) {
        effacerJeton();
        return false;
      }
      const { tokenResponseSchema } = await schemas();
      const { accessToken, expiresIn } = tokenResponseSchema.parse(await reponse.json());
      definirJeton(accessToken, expiresIn);
      return true;
    } finally {
      rafraichissement = null;
    }
  })();
  return rafraichissement;
}

/** A call to the API: bearer, active right and app version; one refresh and retry on 401. */
export async function appeler(chemin: string, options: OptionsAppel = {}): Promise<Response> {
  const authentifie = options.authentifie ?? true;
  let reponse = await envoyer(chemin, options);
  if (reponse.status === 401 && authentifie) {
    if (await rafraichirJeton()) {
      reponse = await envoyer(chemin, options);
    } else {
      contexte.surSessionExpiree();
    }
  }
  if (!reponse.ok) throw await ApiError.depuisReponse(reponse);
  return reponse;
}

export type Methode = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A call whose answer is JSON (or a 204): the body as JSON, or a FormData as is. The answer is
 * returned unchecked, as `unknown`: `api()` (./api.ts) parses it with the call's contract.
 */
export async function envoyerJson(
  methode: Methode,
  chemin: string,
  corps?: unknown,
  options: OptionsAppel = {},
): Promise<unknown> {
  const headers = new Headers(options.headers);
  const formulaire = corps instanceof FormData;
  if (corps !== undefined && !formulaire) headers.set('Content-Type', 'application/json');
  const reponse = await appeler(chemin, {
    ...options,
    method: methode,
    headers,
    ...(corps === undefined ? {} : { body: formulaire ? corps : JSON.stringify(corps) }),
  });
  if (reponse.status === 204) return null;
  const lu: unknown = await reponse.json();
  return lu;
}

/** The transport as the sync engine sees it (offline/sync/types.ts SyncHttp): answers unchecked. */
export interface TransportJson {
  getJson(chemin: string): Promise<unknown>;
  postJson(chemin: string, body: unknown): Promise<unknown>;
  postForm(chemin: string, form: FormData): Promise<unknown>;
  /**
   * A body read as it arrives (the directory's snapshot, NDJSON; issue 29). A transport without it
   * makes the engine pull the directory feed batch by batch.
   */
  getFlux?: (chemin: string) => Promise<ReadableStream<Uint8Array>>;
}

/** A part of the directory's snapshot takes seconds on a weak link: more than a JSON call. */
const TIMEOUT_FLUX_MS = 300_000;

export const http: TransportJson = {
  getFlux: async (chemin) => {
    const reponse = await appeler(chemin, { timeoutMs: TIMEOUT_FLUX_MS });
    if (!reponse.body) throw new Error(`Réponse sans corps (${chemin})`);
    return reponse.body;
  },
  getJson: (chemin) => envoyerJson('GET', chemin),
  postJson: (chemin, body) => envoyerJson('POST', chemin, body),
  postForm: (chemin, form) => envoyerJson('POST', chemin, form),
};
