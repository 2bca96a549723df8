import { appeler } from '../../../lib/api';
import { db } from '../../../offline/db';

/**
 * A round's planning file (spec part 1 §7 'get a file by id, offline first'): from the device if
 * it holds it, else from the server, then kept on the device so it opens offline next time.
 */
export async function lirePlanning(fichier: { id: string; fileName: string }): Promise<Blob> {
  const local = await db.fichiers.get(fichier.id);
  if (local) return local.blob;
  const reponse = await appeler(`/api/fichier/${encodeURIComponent(fichier.id)}`);
  const blob = await reponse.blob();
  // sync: true — a file fetched from the server has nothing to push.
  await db.fichiers.put({
    id: fichier.id,
    controleId: null,
    typeDocument: 'PLANNING',
    fileName: fichier.fileName,
    blob,
    sync: true,
  });
  return blob;
}
