import { apiAnnuaire } from './api/annuaire';
import { apiAuth } from './api/auth';
import { apiControles } from './api/controles';
import { apiFichiers } from './api/fichiers';
import { apiSession } from './api/session';
import { apiSynchro } from './api/synchro';
import { apiSysteme } from './api/systeme';
import { apiTableauDeBord } from './api/tableau-de-bord';
import { apiPanier, apiTournees } from './api/tournees';
import type { Endpoint, ReponseBrute } from './endpoint';
import { apiComptes } from './api/comptes';
import { apiParametrage } from './api/parametrage';
import type { z } from 'zod';

/**
 * Every operation of the API, keyed `METHOD /path` with `{param}` for path parameters, one table
 * per feature under api/. The server registers each handler against its key (apps/server
 * lib/route.ts), the web client calls by the same key.
 */
export const endpoints = {
  ...apiSysteme,
  ...apiAuth,
  ...apiSession,
  ...apiAnnuaire,
  ...apiPanier,
  ...apiTournees,
  ...apiControles,
  ...apiFichiers,
  ...apiTableauDeBord,
  ...apiParametrage,
  ...apiComptes,
  ...apiSynchro,
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
/** Every operation of the API, downloads included. */
export type CleEndpoint = keyof Endpoints;
/** The operations that answer JSON: what the web's typed client calls. */
export type CleApi = {
  [K in CleEndpoint]: Endpoints[K]['reponse'] extends ReponseBrute ? never : K;
}[CleEndpoint];
/** The operations whose answer is not JSON (downloads, metrics, redirections, WebSocket). */
export type CleBrute = Exclude<CleEndpoint, CleApi>;

type NomsParams<C extends string> = C extends `${string}{${infer P}}${infer R}`
  ? P | NomsParams<R>
  : never;
/** The path parameters of a call: `{id}` in its key. */
export type ParamsApi<K extends CleEndpoint> = Record<NomsParams<K>, string | number>;
/** What a call answers, once parsed (by the web's own check where the contract names one). */
export type ReponseApi<K extends CleApi> = Endpoints[K] extends {
  reponseClient: infer C extends z.ZodType;
}
  ? z.output<C>
  : Endpoints[K]['reponse'] extends z.ZodType
    ? z.output<Endpoints[K]['reponse']>
    : never;
/**
 * A body as the client writes it: a field the schema takes as `unknown` (cleaned by a preprocess
 * on the server: empty text, trimming) may be left out, the server reads it as absent.
 */
type Souple<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [C in keyof T as unknown extends T[C] ? never : C]: T[C] } & {
        [C in keyof T as unknown extends T[C] ? C : never]?: T[C];
      }
    : T;
/** What a call takes: its JSON body, a FormData for a multipart call, else nothing. */
export type CorpsApi<K extends CleEndpoint> = Endpoints[K] extends {
  corps: infer B extends z.ZodType;
}
  ? Souple<z.input<B>>
  : Endpoints[K] extends { multipart: true }
    ? FormData
    : undefined;
/** The element of a paged answer. */
export type LigneApi<K extends CleApi> = ReponseApi<K> extends { content: (infer L)[] } ? L : never;
/** The calls that answer a page (the searches bound to a table). */
export type CleApiPaginee = {
  [K in CleApi]: ReponseApi<K> extends { content: unknown[]; totalElements: number } ? K : never;
}[CleApi];
