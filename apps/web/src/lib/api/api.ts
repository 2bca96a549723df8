import type {
  CleApi,
  CleApiPaginee,
  CorpsApi,
  LigneApi,
  ParamsApi,
  ReponseApi,
} from '@estive/contracts';
import { methodeEtChemin } from '@estive/contracts/methodes';
import {
  appeler,
  envoyerJson,
  type Methode,
  type OptionsAppel,
  type TransportJson,
} from './client';
import { schemas } from './schemas';

/**
 * A query parameter: arrays are repeated keys, null and undefined left out
 * (docs/architecture.md §3).
 */
export type ValeurQuery =
  string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The options of a typed call: its path parameters (`{id}` in the key) when it has some, its
 * body when it takes one, a query, and the client's own options (signal, timeout, headers).
 */
export type OptionsApi<K extends CleApi> = Omit<OptionsAppel, 'body' | 'method'> & {
  query?: URLSearchParams | Record<string, ValeurQuery>;
} & ([keyof ParamsApi<K>] extends [never] ? { params?: never } : { params: ParamsApi<K> }) &
  (CorpsApi<K> extends undefined ? { corps?: never } : { corps: CorpsApi<K> });

/** The options may be left out when the call needs neither parameters nor body. */
type ArgsApi<K extends CleApi> =
  object extends OptionsApi<K> ? [options?: OptionsApi<K>] : [options: OptionsApi<K>];

/** Sends a call: method, path and body; answers the body unchecked. */
export type Transport = (
  methode: Methode,
  chemin: string,
  corps: unknown,
  options: OptionsAppel,
) => Promise<unknown>;

/** The server answered something its contract does not describe. */
export class ReponseInattendue extends Error {
  constructor(
    readonly appel: string,
    readonly details: string,
  ) {
    super(`Réponse inattendue du serveur (${appel} : ${details})`);
    this.name = 'ReponseInattendue';
  }
}

/** `/api/x/{id}` with its parameters, then the query. */
export function cheminDe(
  motif: string,
  params: Record<string, string | number> = {},
  query?: URLSearchParams | Record<string, ValeurQuery>,
): string {
  const chemin = motif.replace(/\{(\w+)\}/g, (_, nom: string) => {
    const valeur = params[nom];
    if (valeur === undefined) throw new Error(`Paramètre manquant : ${nom} (${motif})`);
    return encodeURIComponent(String(valeur));
  });
  const qs = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (query && !(query instanceof URLSearchParams)) {
    for (const [cle, valeur] of Object.entries(query)) {
      if (valeur === null || valeur === undefined) continue;
      if (Array.isArray(valeur)) for (const v of valeur) qs.append(cle, String(v));
      else qs.append(cle, String(valeur));
    }
  }
  const texte = qs.toString();
  return texte ? `${chemin}?${texte}` : chemin;
}

/** The refusal, kept with the server's logs (`POST /api/log`); logging never throws. */
function journaliser(erreur: ReponseInattendue): void {
  if (erreur.appel.endsWith(' /api/log')) return;
  appeler('/api/log', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ context: 'reponse-inattendue', message: erreur.message }),
  }).catch(() => undefined);
}

/** A call's options once its key is known to exist: what the transport and the path need. */
type OptionsLibres = Omit<OptionsAppel, 'body' | 'method'> & {
  params?: Record<string, string | number>;
  query?: URLSearchParams | Record<string, ValeurQuery>;
  corps?: unknown;
};

/** Sends the call of a key and parses its answer with the key's schema. */
function appelerAvec(transport: Transport) {
  return async (cle: CleApi, options: OptionsLibres = {}): Promise<unknown> => {
    const { params, query, corps, ...appel } = options;
    const [methode, motif] = methodeEtChemin(cle);
    const chemin = cheminDe(motif, params, query);
    const [brut, { endpoints }] = await Promise.all([
      transport(methode, chemin, corps, appel),
      schemas(),
    ]);
    const contrat = endpoints[cle];
    const schema = 'reponseClient' in contrat ? contrat.reponseClient : contrat.reponse;
    const resultat = schema.safeParse(brut);
    if (resultat.success) return resultat.data;
    const details = resultat.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || 'réponse'} : ${i.message}`)
      .join(' ; ');
    const erreur = new ReponseInattendue(`${methode} ${chemin}`, details);
    journaliser(erreur);
    throw erreur;
  };
}

/** The typed client over a transport: the sync engine passes its own, the app the HTTP one. */
export function creerApi(transport: Transport) {
  const appeler = appelerAvec(transport);
  return <K extends CleApi>(cle: K, ...[options]: ArgsApi<K>): Promise<ReponseApi<K>> =>
    // appeler() parsed the answer with the schema of `cle`: its output is ReponseApi<K>.
    appeler(cle, options) as Promise<ReponseApi<K>>;
}

/** A transport from the sync engine's three methods (GET, POST JSON, POST multipart). */
export const transportDe =
  (http: TransportJson): Transport =>
  (methode, chemin, corps) => {
    if (methode === 'GET') return http.getJson(chemin);
    if (methode !== 'POST') throw new Error(`${methode} hors du transport de synchronisation`);
    return corps instanceof FormData ? http.postForm(chemin, corps) : http.postJson(chemin, corps);
  };

/** The typed client over the sync engine's transport (a test's scripted server, or `http`). */
export const apiDe = (http: TransportJson) => creerApi(transportDe(http));

/**
 * The app's API client, typed by the contracts' endpoint map: `api('GET /api/tournee/{id}',
 * { params: { id } })` answers a `Tournee`, parsed, or throws ReponseInattendue.
 */
export const api = creerApi(envoyerJson);

/** A page of a search bound to a table (ui/useRequetePaginee): its lines typed by the call. */
export interface Page<L> {
  content: L[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
}

const appelerHttp = appelerAvec(envoyerJson);

/** One page of a paged search: every such call takes a query and nothing else. */
export const lirePage = <K extends CleApiPaginee>(
  cle: K,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<Page<LigneApi<K>>> =>
  // Parsed with the schema of `cle`, a page of LigneApi<K> (CleApiPaginee lists only those).
  appelerHttp(cle, { query, ...(signal ? { signal } : {}) }) as Promise<Page<LigneApi<K>>>;
