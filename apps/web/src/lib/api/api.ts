import type { CleApi, CorpsApi, ParamsApi, ReponseApi } from '@estive/contracts';
import {
  appeler,
  envoyerJson,
  type Methode,
  type OptionsAppel,
  type TransportJson,
} from './client';
import { schemas } from './schemas';

/** A query parameter: arrays are repeated keys, null and undefined left out (DESIGN §3). */
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
      else qs.append(cle, String(valeur as string | number | boolean));
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

/** The typed client over a transport: the sync engine passes its own, the app the HTTP one. */
export function creerApi(transport: Transport) {
  return async function api<K extends CleApi>(
    cle: K,
    ...[options]: ArgsApi<K>
  ): Promise<ReponseApi<K>> {
    const { params, query, corps, ...appel } = (options ?? {}) as OptionsApi<CleApi> & {
      params?: Record<string, string | number>;
      corps?: unknown;
    };
    const [methode, motif] = cle.split(' ') as [Methode, string];
    const chemin = cheminDe(motif, params, query);
    const [brut, { endpoints }] = await Promise.all([
      transport(methode, chemin, corps, appel),
      schemas(),
    ]);
    const resultat = endpoints[cle].reponse.safeParse(brut);
    if (!resultat.success) {
      const details = resultat.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || 'réponse'} : ${i.message}`)
        .join(' ; ');
      const erreur = new ReponseInattendue(`${methode} ${chemin}`, details);
      journaliser(erreur);
      throw erreur;
    }
    // The parse above is the check: its output is the contract's type for this key.
    return resultat.data as ReponseApi<K>;
  };
}

/** A transport from the sync engine's three methods (GET, POST JSON, POST multipart). */
export const transportDe =
  (http: TransportJson): Transport =>
  (methode, chemin, corps) => {
    if (methode === 'GET') return http.getJson(chemin);
    if (methode !== 'POST') throw new Error(`${methode} hors du transport de synchronisation`);
    return corps instanceof FormData ? http.postForm(chemin, corps) : http.postJson(chemin, corps);
  };

/**
 * The app's API client, typed by the contracts' endpoint map: `api('GET /api/tournee/{id}',
 * { params: { id } })` answers a `Tournee`, parsed, or throws ReponseInattendue.
 */
export const api = creerApi(envoyerJson);
