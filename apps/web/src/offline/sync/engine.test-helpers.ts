import type { SyncHttp } from './types';

/** The sync engine's tests' scripted server (engine.pull.test.ts, engine.push.test.ts). */

export type Handler = (path: string, body?: unknown) => unknown;

/** A scripted server: each GET path is answered by the handler; calls are recorded. */
export function serveur(handler: Handler) {
  const appels: string[] = [];
  const http: SyncHttp = {
    getJson: async (path: string) => {
      appels.push(`GET ${path}`);
      return handler(path);
    },
    postJson: async (path: string, body: unknown) => {
      appels.push(`POST ${path}`);
      return handler(path, body);
    },
    postForm: async (path: string, form: FormData) => {
      appels.push(`POST ${path}`);
      return handler(path, JSON.parse(form.get('data') as string));
    },
  };
  return { http, appels };
}

export const vide = { documents: [], checkpoint: null };
export const doc = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  _deleted: false,
  ...extra,
});

/**
 * Answers every feed empty, except those given; `nouveautes` lists the feeds whose handler has
 * something after the checkpoint sent (asked with batchSize 1, as the server checks it).
 */
export function feeds(overrides: Record<string, (params: URLSearchParams) => unknown>): Handler {
  return (path, body) => {
    if (path.startsWith('/api/version')) return { sha: 'b1', current: true };
    if (path === '/api/synchro/nouveautes') {
      const { checkpoints } = body as {
        checkpoints: { entite: string; id: string; lastSync: string }[];
      };
      return {
        entites: checkpoints
          .filter(({ entite, id, lastSync }) => {
            const reponse = overrides[entite]?.(
              new URLSearchParams({ batchSize: '1', id, lastSync }),
            ) as { documents: unknown[] } | undefined;
            return (reponse?.documents.length ?? 0) > 0;
          })
          .map((c) => c.entite),
      };
    }
    const [route, query] = path.split('?');
    const entite = (route ?? '').replace('/api/synchro/', '');
    const respond = overrides[entite];
    return respond ? respond(new URLSearchParams(query)) : vide;
  };
}
