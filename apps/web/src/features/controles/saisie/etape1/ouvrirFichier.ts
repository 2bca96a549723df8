import { appeler } from '../../../../lib/api';
import { db } from '../../../../offline/db';

/**
 * A control document as a blob: first from the device (`fichiers`, filled by the sync so that a
 * DI can be read on the farm), else from the server when online (GET /api/fichier/{id}).
 */
export async function lireFichier(id: string): Promise<Blob> {
  const local = await db.fichiers.get(id);
  if (local) return local.blob;
  const reponse = await appeler(`/api/fichier/${encodeURIComponent(id)}`);
  return reponse.blob();
}

/** Opens the document in a new tab; the object URL is released once the tab had time to load it. */
export async function ouvrirFichier(id: string): Promise<void> {
  // The tab is opened inside the click (popup blockers), then filled once the blob is read.
  const fenetre = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = await lireFichier(id);
  } catch (e) {
    fenetre?.close();
    throw e;
  }
  const url = URL.createObjectURL(blob);
  if (fenetre) fenetre.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
