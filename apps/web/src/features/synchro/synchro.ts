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

export async function lancerSynchro(): Promise<BilanComplet> {
  try {
    const bilan = await synchroniser({
      db,
      http,
      buildId: BUILD_ID,
      odgId: droitActif()?.odgId,
      surProgres: (p) => progresSynchro.set(p),
    });
    progresSynchro.set({
      etape: 'TERMINE',
      libelle: 'Enregistrement des documents pour le hors ligne',
      fait: 1,
      total: 1,
      recus: 0,
    });
    let documents: BilanDocuments | null = null;
    try {
      // Only the controls still to carry out need documents: the others' grids are not read.
      const controles: ControlePourDocuments[] = await db.controles
        .where('statut')
        .anyOf([...STATUTS_A_REALISER])
        .toArray();
      documents = await stockerDocumentsHorsLigne(db, controles, {
        telecharger,
        estimer,
        aujourdhui: jourParis(new Date()),
        tournees: await db.tournees.toArray(),
      });
    } catch {
      // The data is synchronised: files kept for offline use are a bonus the next sync retries.
    }
    // The run as the user sees it end (documents included), on the page's clock: read by
    // bench:reseau beside the engine's own measure.
    performance.mark('estive:synchro-terminee');
    return { ...bilan, documents };
  } finally {
    progresSynchro.set(null);
  }
}
