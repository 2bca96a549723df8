import { jourParis, STATUTS_A_REALISER } from '@estive/domain';
import { appeler, BUILD_ID, http } from '../../lib/api';
import { createStore } from '../../lib/store';
import { droitActif } from '../../offline/session/session';
import { db } from '../../offline/db';
import {
  stockerDocumentsHorsLigne,
  type BilanDocuments,
  type ControlePourDocuments,
} from '../../offline/documents';
import { synchroniser } from '../../offline/sync/engine';
import type { BilanSynchro, ProgresSynchro } from '../../offline/sync/types';
import { gestionnaireStockage } from '../../lib/navigateur';

/** The run in progress, if any: the progress bar and the button read it. */
export const progresSynchro = createStore<ProgresSynchro | null>(null);

export interface BilanComplet extends BilanSynchro {
  /** The DI and logos kept for offline use; null when that step could not run at all. */
  documents: BilanDocuments | null;
}

/** API files go through the authenticated client; the app's own files (seals) are static. */
async function telecharger(url: string): Promise<Blob> {
  if (url.startsWith('/api/')) return (await appeler(url)).blob();
  const reponse = await fetch(url);
  if (!reponse.ok) throw new Error(`${url} : ${reponse.status}`);
  return reponse.blob();
}

async function estimer() {
  return gestionnaireStockage()?.estimate() ?? {};
}

/**
 * The files the coming visits need, kept for offline use; null when the step could not run at all
 * (the data is synchronised: these files are a bonus the next sync retries).
 */
async function garderDocuments(): Promise<BilanDocuments | null> {
  try {
    // Only the controls still to carry out need documents: the others' grids are not read.
    const controles: ControlePourDocuments[] = await db.controles
      .where('statut')
      .anyOf([...STATUTS_A_REALISER])
      .toArray();
    return await stockerDocumentsHorsLigne(db, controles, {
      telecharger,
      estimer,
      aujourdhui: jourParis(new Date()),
      tournees: await db.tournees.toArray(),
    });
  } catch {
    return null;
  }
}

export async function lancerSynchro(): Promise<BilanComplet> {
  let documents: BilanDocuments | null = null;
  try {
    const bilan = await synchroniser({
      db,
      http,
      buildId: BUILD_ID,
      odgId: droitActif()?.odgId,
      surProgres: (p) => progresSynchro.set(p),
      // Fetched once the controls and rounds are in, beside the directory's download.
      surVisitesRecues: async () => {
        documents = await garderDocuments();
      },
    });
    // The run as the user sees it end (documents included), on the page's clock: read by
    // bench:reseau beside the engine's own measure.
    performance.mark('estive:synchro-terminee');
    return { ...bilan, documents };
  } finally {
    progresSynchro.set(null);
  }
}
