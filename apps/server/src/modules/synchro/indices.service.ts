import type { DatabaseHandle } from '../../db/client';
import { ecouterIndices } from './indices.repository';

/** What a websocket client is told: these tables changed, a sync would bring news. */
export interface IndiceSynchro {
  type: 'indice';
  tables: string[];
}

/** Hints of one node are grouped over this window: a burst of writes makes one message. */
const FENETRE_MS = 250;

export interface IndicesService {
  /** Subscribes a client; returns the unsubscribe function. */
  abonner(client: (indice: IndiceSynchro) => void): () => void;
  arreter(): Promise<void>;
}

/**
 * Sync hints across nodes (docs/architecture.md §9): a write on any node notifies PostgreSQL, every
 * node hears it through LISTEN and passes it on to its own websocket clients. Only table names
 * travel — no row, no id — so a client learns nothing it could not ask for; what it may see is
 * decided by the feeds, as ever.
 */
export async function createIndicesService(
  base: DatabaseHandle,
  surErreur: (e: Error) => void,
): Promise<IndicesService> {
  const clients = new Set<(indice: IndiceSynchro) => void>();
  let tables = new Set<string>();
  let minuterie: NodeJS.Timeout | undefined;

  const diffuser = () => {
    minuterie = undefined;
    const indice: IndiceSynchro = { type: 'indice', tables: [...tables].sort() };
    tables = new Set();
    for (const client of clients) client(indice);
  };
  const arreterEcoute = await ecouterIndices(
    base,
    (table) => {
      tables.add(table);
      minuterie ??= setTimeout(diffuser, FENETRE_MS);
    },
    surErreur,
  );
  return {
    abonner(client) {
      clients.add(client);
      return () => {
        clients.delete(client);
      };
    },
    async arreter() {
      clearTimeout(minuterie);
      clients.clear();
      await arreterEcoute();
    },
  };
}
