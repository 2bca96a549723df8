import type { Dexie } from 'dexie';
import type { FichierLocal } from '../db';
import { lireMeta } from './meta';
import { compterControlesNonSynchronises, idsNonSynchronises } from './nonSynchronises';
import { CLE_OPERATEURS_MODIFIES } from './push';
import type { EnregistrementLocal } from './types';

/**
 * Local edits go through here: the record is marked unsynced and, for operators, listed for the
 * next push — the directory holds thousands of records and is never scanned for changes.
 */
export async function modifierOperateur(
  db: Dexie,
  id: string,
  modification: Record<string, unknown>,
) {
  await db.transaction('rw', db.table('annuaire'), db.table('meta'), async () => {
    const operateur = await db.table<EnregistrementLocal, string>('annuaire').get(id);
    if (!operateur) throw new Error(`Opérateur ${id} absent de l'appareil`);
    await db.table('annuaire').put({ ...operateur, ...modification, sync: false });
    const modifies = (await lireMeta<string[]>(db, CLE_OPERATEURS_MODIFIES)) ?? [];
    const ids = new Set(modifies);
    ids.add(id);
    await db.table('meta').put({ key: CLE_OPERATEURS_MODIFIES, value: [...ids] });
  });
}

export interface NonSynchronises {
  controles: number;
  operateurs: number;
  documents: number;
  journaux: number;
}

export async function compterNonSynchronises(db: Dexie): Promise<NonSynchronises> {
  const nonSync = (r: { sync?: boolean }) => r.sync === false;
  const modifies = (await lireMeta<string[]>(db, CLE_OPERATEURS_MODIFIES)) ?? [];
  return {
    // Read live by the sync button at every save: the unsynced list, not a scan of every grid.
    controles: await compterControlesNonSynchronises(db),
    operateurs: modifies.length,
    documents: await db.table('fichiers').filter(nonSync).count(),
    journaux: await db.table('frontlogs').filter(nonSync).count(),
  };
}

/**
 * Everything not yet on the server, in one JSON file (documents base64-encoded): when syncing is
 * impossible the controller can still hand the work over.
 */
export async function exporterNonSynchronises(db: Dexie, utilisateur: string): Promise<Blob> {
  const nonSync = (r: { sync?: boolean }) => r.sync === false;
  const modifies = (await lireMeta<string[]>(db, CLE_OPERATEURS_MODIFIES)) ?? [];
  const fichiers = await db.table<FichierLocal, string>('fichiers').filter(nonSync).toArray();
  const export_ = {
    format: 'estive-export-non-synchronise/1',
    utilisateur,
    exporteLe: new Date().toISOString(),
    controles: (await db.table('controles').bulkGet(await idsNonSynchronises(db))).filter(
      (c: { sync?: boolean } | undefined) => c?.sync === false,
    ),
    operateurs: (await db.table('annuaire').bulkGet(modifies)).filter(Boolean),
    journaux: await db.table('frontlogs').filter(nonSync).toArray(),
    documents: await Promise.all(
      fichiers.map(async ({ blob, ...f }) => ({
        ...f,
        type: blob.type,
        base64: await enBase64(blob),
      })),
    ),
  };
  return new Blob([JSON.stringify(export_, null, 2)], { type: 'application/json' });
}

async function enBase64(blob: Blob): Promise<string> {
  const octets = new Uint8Array(await blob.arrayBuffer());
  let binaire = '';
  for (let i = 0; i < octets.length; i += 0x8000) {
    binaire += String.fromCharCode(...octets.subarray(i, i + 0x8000));
  }
  return btoa(binaire);
}
