import type { Dexie } from 'dexie';
import type { EntiteSynchro } from '@estive/contracts';
import { z } from 'zod';
import { grilleSchema, synthesesSchema } from '@estive/domain';
import type { Flux } from './entities';
import { ecrireMeta, lireMeta } from './meta';
import { CLE_OPERATEURS_MODIFIES } from './constantes';
import { parmiNonSynchronises } from './nonSynchronises';
import { apiDe } from '../../lib/api';
import type { CleFlux, EnregistrementLocal, MesureFlux, ReponseFlux, SyncHttp } from './types';

/** Collections the device edits, where a pulled document must not overwrite unpushed local work. */
const TABLES_MODIFIABLES = new Set(['controles', 'frontlogs']);

/**
 * Ids in this batch that hold unpushed work. The directory (thousands of operators) is not read
 * record by record: its edits are listed in meta by `modifierOperateur`, in the same transaction
 * as the edit, so reading the list here is as safe and far cheaper. Controls likewise: their
 * unsynced ids are in meta (nonSynchronises.ts), so a pulled batch reads no local grid.
 */
async function idsProteges(db: Dexie, table: string, ids: string[]): Promise<Set<string>> {
  if (table === 'annuaire')
    return new Set((await lireMeta<string[]>(db, CLE_OPERATEURS_MODIFIES)) ?? []);
  if (table === 'controles') return parmiNonSynchronises(db, ids);
  if (!TABLES_MODIFIABLES.has(table)) return new Set();
  const locaux = await db.table<EnregistrementLocal, string>(table).bulkGet(ids);
  return new Set(locaux.flatMap((l) => (l?.sync === false ? [l.id] : [])));
}

export const cleCheckpoint = (entite: string) => `checkpoint:${entite}`;

/**
 * What is parsed of a pulled document where it enters the device, per local collection: a
 * control's grid and synthesis (the entry form reads them as the domain's Grille and syntheses).
 * The rest is kept as sent: the server checked each document against its schema, and parsing
 * thousands of directory documents again on a phone costs more than it tells.
 */
const LECTURES: Partial<Record<string, z.ZodType<EnregistrementLocal>>> = {
  controles: z.looseObject({
    id: z.string(),
    grille: grilleSchema.nullish(),
    synthese: synthesesSchema.nullish(),
  }),
};

/**
 * Writes one batch and its checkpoint in ONE transaction: if the tab dies in between, both or
 * neither are there, and the next run asks again from the previous checkpoint.
 */
export async function ecrireLot(
  db: Dexie,
  flux: Pick<Flux, 'table'> & { entite: EntiteSynchro },
  reponse: ReponseFlux,
): Promise<void> {
  const table = db.table<EnregistrementLocal, string>(flux.table);
  const lecture = LECTURES[flux.table];
  await db.transaction('rw', table, db.table('meta'), async () => {
    const proteges = await idsProteges(
      db,
      flux.table,
      reponse.documents.map((d) => d.id),
    );
    const aEcrire: EnregistrementLocal[] = [];
    const aSupprimer: string[] = [];
    reponse.documents.forEach((document) => {
      if (proteges.has(document.id)) return;
      const { _deleted, ...enregistrement } = document;
      if (_deleted) aSupprimer.push(document.id);
      else aEcrire.push({ ...(lecture?.parse(enregistrement) ?? enregistrement), sync: true });
    });
    if (aEcrire.length) await table.bulkPut(aEcrire);
    if (aSupprimer.length) await table.bulkDelete(aSupprimer);
    if (reponse.checkpoint) {
      await ecrireMeta(db, cleCheckpoint(flux.entite), reponse.checkpoint);
    }
  });
}

/**
 * Pulls a feed batch after batch until a batch is shorter than the batch size. The next batch is
 * asked for (with the checkpoint just received) before this one is written: the server prepares
 * it while the device writes. Batches are still written one after the other, each with its own
 * checkpoint, so what is stored is always a prefix of the feed. `enCours` throws once the run has
 * stopped: a batch received after that is not written. A feed whose checkpoint is a receipt
 * (`accuseReception`) is asked again only once the batch is written, until an empty batch.
 */
export async function tirerFlux(
  db: Dexie,
  http: SyncHttp,
  flux: Flux,
  appeler: <T>(fn: () => Promise<T>) => Promise<T>,
  surLot: (recus: number) => void,
  enCours: () => void = () => undefined,
): Promise<MesureFlux> {
  const api = apiDe(http);
  const cle: CleFlux = `GET /api/synchro/${flux.entite}`;
  const debut = performance.now();
  let recus = 0;
  let ecritureMs = 0;
  const demander = (checkpoint: ReponseFlux['checkpoint'] | undefined) => {
    const params = new URLSearchParams({ batchSize: String(flux.taille) });
    if (checkpoint) {
      params.set('id', checkpoint.id);
      params.set('lastSync', checkpoint.lastSync);
    }
    const reponse = appeler(() => api(cle, { query: params }));
    // Awaited below; if a write fails first, its outcome no longer matters.
    reponse.catch(() => undefined);
    return reponse;
  };
  let suivante = demander(
    await lireMeta<{ id: string; lastSync: string }>(db, cleCheckpoint(flux.entite)),
  );
  const accuse = flux.accuseReception === true;
  for (;;) {
    const reponse = await suivante;
    enCours();
    const complet = accuse ? reponse.documents.length > 0 : reponse.documents.length >= flux.taille;
    if (complet && !accuse) suivante = demander(reponse.checkpoint);
    const debutEcriture = performance.now();
    await ecrireLot(db, flux, reponse);
    ecritureMs += performance.now() - debutEcriture;
    recus += reponse.documents.length;
    surLot(recus);
    // The receipt: this checkpoint is presented only now that the batch is stored.
    if (complet && accuse) suivante = demander(reponse.checkpoint);
    if (!complet) {
      return {
        recus,
        ecritureMs: Math.round(ecritureMs),
        totalMs: Math.round(performance.now() - debut),
      };
    }
  }
}
