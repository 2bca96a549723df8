import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import type { WebsocketHandler } from '@fastify/websocket';
import { z } from 'zod';
import {
  endpoints,
  errorResponseSchema,
  rien,
  type CleEndpoint,
  type Endpoint,
  type Endpoints,
  type ReponseBrute,
  methodeEtChemin,
} from '@estive/contracts';

type Schema<E, C extends keyof Endpoint> = E extends { [k in C]: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** A handler's request, typed by its contract: params, query and body as the schemas parse them. */
export type RequeteDe<K extends CleEndpoint> = FastifyRequest<{
  Params: Schema<Endpoints[K], 'params'>;
  Querystring: Schema<Endpoints[K], 'query'>;
  Body: Schema<Endpoints[K], 'corps'>;
}>;

/** What a handler answers: the contract's answer as the serializer takes it, or the reply itself. */
type SortieDe<K extends CleEndpoint> = Endpoints[K] extends { reponse: infer R extends z.ZodType }
  ? z.input<R> | FastifyReply
  : FastifyReply;

export type Gestionnaire<K extends CleEndpoint> = (
  requete: RequeteDe<K>,
  reply: FastifyReply,
) => SortieDe<K> | Promise<SortieDe<K>>;

/** What a route adds to its contract: server-side concerns only. */
export interface OptionsRoute {
  config?: FastifyContextConfig;
  bodyLimit?: number;
  preHandler?: RouteOptions['preHandler'];
  /** Before the body is read (a push refused on its announced size). */
  onRequest?: RouteOptions['onRequest'];
  /** After parsing, before the handler (the socket's token, read from its query). */
  preValidation?: RouteOptions['preValidation'];
  /** Quieter for what a supervisor polls (health, metrics). */
  logLevel?: RouteOptions['logLevel'];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (`route()`): 'GET /api/x/{id}'. */
    cle?: CleEndpoint;
  }
}

/** `{id}` in a contract key is `:id` for Fastify. */
const urlDe = (chemin: string) => chemin.replace(/\{(\w+)\}/g, ':$1');

/** What the OpenAPI document says of the answers that are not JSON, where it can say it. */
const DOCUMENTATION_BRUTE: Partial<Record<ReponseBrute['brute'], Record<number, unknown>>> = {
  // Text, not a JSON string: the document says what the caller receives.
  texte: { 200: { description: 'Texte', content: { 'text/plain': { schema: z.string() } } } },
  redirection: { 302: z.null().describe('Redirection (302, en-tête Location)') },
};

function schemaDe(endpoint: Endpoint, tags: readonly string[], statut: number): FastifySchema {
  const schema: FastifySchema & {
    tags: readonly string[];
    summary?: string;
    description?: string;
  } = { tags };
  if (endpoint.resume) schema.summary = endpoint.resume;
  if (endpoint.description) schema.description = endpoint.description;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.corps) schema.body = endpoint.corps;
  if (endpoint.multipart) Object.assign(schema, { consumes: ['multipart/form-data'] });
  const reponses: Record<number, unknown> = { ...endpoint.autresReponses };
  if (!('brute' in endpoint.reponse)) reponses[statut] = endpoint.reponse;
  else Object.assign(reponses, DOCUMENTATION_BRUTE[endpoint.reponse.brute]);
  for (const code of endpoint.erreurs ?? []) reponses[code] = errorResponseSchema;
  if (Object.keys(reponses).length > 0) schema.response = reponses;
  return schema;
}

/**
 * The routes of one module, registered from their contracts (packages/contracts' `endpoints`):
 * method, path, params, query, body and answer come from the key, the module gives the handler.
 * The key rides in the route's config, so a test can prove that no route lives outside the table.
 */
export function routeur(app: FastifyInstance, tags: readonly string[]) {
  return function route<K extends Exclude<CleEndpoint, CleSocket>>(
    cle: K,
    gestionnaire: Gestionnaire<K>,
    options: OptionsRoute = {},
  ): void {
    const endpoint: Endpoint = endpoints[cle];
    const [methode, chemin] = methodeEtChemin(cle);
    const statut = endpoint.reponse === rien ? 204 : (endpoint.statut ?? 200);
    app.route({
      method: methode,
      url: urlDe(chemin),
      schema: schemaDe(endpoint, tags, statut),
      ...options,
      config: { ...options.config, cle },
      handler: async (requete, reply) => {
        if (statut !== 200) reply.status(statut);
        // Fastify validated params, query and body with this very contract's schemas.
        const sortie = await gestionnaire(requete as RequeteDe<K>, reply);
        return statut === 204 && !reply.sent ? reply.send(null) : sortie;
      },
    });
  };
}

/** The contracts answered by a WebSocket upgrade. */
type CleSocket = {
  [K in CleEndpoint]: Endpoints[K]['reponse'] extends { brute: 'websocket' } ? K : never;
}[CleEndpoint];

/**
 * A WebSocket route from its contract (its query; hidden from the OpenAPI document, which cannot
 * describe it): the handler gets the open socket and the request.
 */
export function routeSocket<K extends CleSocket>(
  app: FastifyInstance,
  cle: K,
  gestionnaire: (socket: Parameters<WebsocketHandler>[0], requete: RequeteDe<K>) => void,
  options: OptionsRoute = {},
): void {
  const endpoint: Endpoint = endpoints[cle];
  const chemin = cle.slice('GET '.length);
  app.route({
    ...options,
    method: 'GET',
    url: urlDe(chemin),
    websocket: true,
    schema: { hide: true, ...(endpoint.query ? { querystring: endpoint.query } : {}) },
    config: { ...options.config, cle },
    // Fastify validated the query with this very contract's schema.
    handler: (socket, requete) => gestionnaire(socket, requete as RequeteDe<K>),
  });
}
