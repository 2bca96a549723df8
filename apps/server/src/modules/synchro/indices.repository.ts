import type { DatabaseHandle } from '../../db/client';

/** The channel the `estive_touch()` trigger notifies (migration 0011): payload = table name. */
export const CANAL_INDICES = 'estive_synchro';

const REPRISE_MS = 1_000;

/**
 * LISTEN on the database for this node's lifetime. PostgreSQL: one connection of the pool kept
 * for it, reopened after a loss (failover, restart); a hint lost meanwhile costs nothing, devices
 * still sync on their own schedule. PGlite: its in-process listener. Returns the stop function.
 */
export async function ecouterIndices(
  base: DatabaseHandle,
  surIndice: (table: string) => void,
  surErreur: (e: Error) => void,
): Promise<() => Promise<void>> {
  if (base.pglite) {
    const arreter = await base.pglite.listen(CANAL_INDICES, surIndice);
    return arreter;
  }
  const pool = base.pool;
  if (!pool) return async () => undefined;
  let fini = false;
  /** Read through a call: stop() may set `fini` while `ouvrir` awaits the connection. */
  const arrete = () => fini;
  let liberer: (() => void) | null = null;
  let minuterie: NodeJS.Timeout | undefined;

  const ouvrir = async (): Promise<void> => {
    if (arrete()) return;
    try {
      const client = await pool.connect();
      let libere = false;
      const rendre = (e?: Error) => {
        if (libere) return;
        libere = true;
        client.release(e ?? true);
      };
      client.on('notification', (n) => {
        if (n.channel === CANAL_INDICES && n.payload) surIndice(n.payload);
      });
      client.on('error', (e) => {
        surErreur(e);
        rendre(e);
        liberer = null;
        minuterie = setTimeout(() => void ouvrir(), REPRISE_MS);
      });
      await client.query(`LISTEN ${CANAL_INDICES}`);
      liberer = () => rendre();
      if (arrete()) liberer();
    } catch (e) {
      surErreur(e instanceof Error ? e : new Error(String(e)));
      minuterie = setTimeout(() => void ouvrir(), REPRISE_MS);
    }
  };
  await ouvrir();
  return async () => {
    fini = true;
    clearTimeout(minuterie);
    liberer?.();
    liberer = null;
  };
}
