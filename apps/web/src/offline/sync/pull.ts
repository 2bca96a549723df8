import type { Dexie } from 'dexie';
import type { Flux } from './entities';
import { ecrireMeta, lireMeta } from './meta';
import { CLE_OPERATEURS_MODIFIES } from './constantes';
import type { DocumentTire, EnregistrementLocal, MesureFlux, ReponseFlux, SyncHttp } from './types';

/** Collections the device edits, where a pulled document must not overwrite unpushed local work. */
const TABLES_MODIFIABLES = new Set(['controles', 'frontlogs']);

/**
 * Ids in this batch that hold unpushed work. The directory (thousands of operators) is not read
 * record by record: its edits are listed in meta by `modifierOperateur`, in the same transaction
 * as the edit, so reading the list here is as safe and far cheaper.
 */
async function idsProteges(db: Dexie, table: string, ids: string[]): Promise<Set<string>> {
  if (table === 'annuaire')
    return new Set((await lireMeta<string[]>(db, CLE_OPERATEURS_MODIFIES)) ?? []);
  if (!TABLES_MODIFIABLES.has(table)) return new Set();
  const locaux = await db.table<EnregistrementLocal, string>(table).bulkGet(ids);
  return new Set(locaux.filter((l) => l?.sync === false).map((l) => l!.id));
}

export const cleCheckpoint = (entite: string) => `checkpoint:${entite}`;

/**
 * Writes one batch and its checkpoint in ONE transaction: if the tab dies in between, both or
 * neither are there, and the next run asks again from the previous checkpoint.
 */
export async function ecrireLot(db: Dexie, flux: Flux, reponse: ReponseFlux): Promise<void> {
  const table = db.table<EnregistrementLocal, string>(flux.table);
  await db.transaction('rw', table, db.table('meta'), async () => {
    const proteges = await idsProteges(
      db,
      flux.table,
      reponse.documents.map((d) => d.id),
    );
    const aEcrire: EnregistrementLocal[] = [];
    const aSupprimer: string[] = [];
    reponse.documents.forEach((document: DocumentTire) => {
      if (proteges.has(document.id)) return;
      const { _deleted, ...enregistrement } = document;
      if (_deleted) aSupprimer.push(document.id);
      else aEcrire.push({ ...enregistrement, sync: true });
    });
    if (aEcrire.length) await table.bulkPut(aEcrire);
    if (aSupprimer.length) await table.bulkDelete(aSupprimer);
    if (reponse.checkpoint) {
      await ecrireMeta(db, cleCheckpoint(flux.entite), reponse.checkpoint);
    }
  });
}

/** Pulls a feed batch after batch until a batch is shorter than the batch size. */
export async function tirerFlux(
  db: Dexie,
  http: SyncHttp,
  flux: Flux,
  appeler: <T>(fn: () => Promise<T>) => Promise<T>,
  surLot: (recus: number) => void,
): Promise<MesureFlux> {
  const debut = performance.now();
  let recus = 0;
  let ecritureMs = 0;
  for (;;) {
    const checkpoint = await lireMeta<{ id: string; lastSync: string }>(
      db,
      cleCheckpoint(flux.entite),
    );
    const params = new URLSearchParams({ batchSize: String(flux.taille) });
    if (checkpoint) {
      params.set('id', checkpoint.id);
      params.set('lastSync', checkpoint.lastSync);
    }
    const reponse = await appeler(() =>
      http.getJson<ReponseFlux>(`/api/synchro/${flux.entite}?${params.toString()}`),
    );
    const debutEcriture = performance.now();
    await ecrireLot(db, flux, reponse);
    ecritureMs += performance.now() - debutEcriture;
    recus += reponse.documents.length;
    surLot(recus);
    if (reponse.documents.length < flux.taille) {
      return {
        recus,
        ecritureMs: Math.round(ecritureMs),
        totalMs: Math.round(performance.now() - debut),
      };
    }
  }
}
