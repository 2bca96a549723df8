import { BUILD_ID, http } from '../../lib/api';
import { createStore } from '../../lib/store';
import { droitActif } from '../../lib/session/session';
import { db } from '../../offline/db';
import { synchroniser } from '../../offline/sync/engine';
import type { BilanSynchro, ProgresSynchro } from '../../offline/sync/types';

/** The run in progress, if any: the progress bar and the button read it. */
export const progresSynchro = createStore<ProgresSynchro | null>(null);

export async function lancerSynchro(): Promise<BilanSynchro> {
  try {
    return await synchroniser({
      db,
      http,
      buildId: BUILD_ID,
      odgId: droitActif()?.odgId,
      surProgres: (p) => progresSynchro.set(p),
    });
  } finally {
    progresSynchro.set(null);
  }
}
