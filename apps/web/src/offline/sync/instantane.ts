import type { Dexie } from 'dexie';
import { ApiError, apiDe } from '../../lib/api';
import { CLE_OPERATEURS_MODIFIES } from './constantes';
import { ecrireMeta, lireMeta } from './meta';
import { ecrireLot } from './pull';
import type { DocumentTire, MesureFlux, SyncHttp } from './types';

/**
 * A fresh device's directory comes as the server's snapshot of its perimeter (issue 29 item 2;
 * docs/decisions.md 'Sync'): a manifest (key, parts, the caller's own additions, the feed's
 * checkpoint after it), then each part, one document per line, compressed on the wire. The
 * device writes as lines arrive, in chunks; after the last part it writes the checkpoint, and
 * the feed goes on from there as for any device.
 */

/** Where a snapshot under way stands: its key and the parts already written. */
export const CLE_INSTANTANE = 'instantane:annuaire-morale';
interface Avancement {
  cle: string;
  faites: number;
}

/** Documents written per Dexie transaction: large enough that a transaction's cost is shared. */
export const TAILLE_ECRITURE = 1000;

const FLUX_ANNUAIRE = { entite: 'annuaire-morale', table: 'annuaire' } as const;

/** The lines of a text stream as they arrive (the last one may lack its newline). */
export async function* lignesDe(flux: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const lecteur = flux.getReader();
  const decodeur = new TextDecoder();
  let reste = '';
  try {
    for (;;) {
      const { done, value } = await lecteur.read();
      if (done) break;
      const morceaux = (reste + decodeur.decode(value, { stream: true })).split('\n');
      reste = morceaux.pop() ?? '';
      for (const l of morceaux) if (l !== '') yield l;
    }
    reste += decodeur.decode();
    if (reste !== '') yield reste;
  } finally {
    lecteur.releaseLock();
  }
}

/** A line is one directory document as the feed sends it (the server built it). */
function documentDe(ligne: string): DocumentTire {
  const lu: unknown = JSON.parse(ligne);
  if (typeof lu !== 'object' || lu === null || !('id' in lu) || typeof lu.id !== 'string')
    throw new Error("Document d'annuaire illisible");
  return { ...lu, id: lu.id, _deleted: false };
}

/**
 * A snapshot begun under another key may hold operators that have since left the perimeter, which
 * the feed after the new snapshot would not name: the directory starts again, empty but for the
 * operators holding unpushed edits.
 */
async function recommencer(db: Dexie, cle: string) {
  await db.transaction('rw', db.table('annuaire'), db.table('meta'), async () => {
    const gardes = new Set((await lireMeta<string[]>(db, CLE_OPERATEURS_MODIFIES)) ?? []);
    await db
      .table<{ id: string }, string>('annuaire')
      .filter((o) => !gardes.has(o.id))
      .delete();
    await ecrireMeta(db, CLE_INSTANTANE, { cle, faites: 0 } satisfies Avancement);
  });
}

type Appeler = <T>(fn: () => Promise<T>) => Promise<T>;

/** A part's answer asked for ahead and no longer wanted: its connection is let go. */
const lacher = (flux: Promise<ReadableStream<Uint8Array>> | undefined) =>
  void flux?.then((f) => f.cancel()).catch(() => undefined);

/**
 * Pulls the directory's snapshot into a device that holds no checkpoint of it. Answers null when
 * the server has no snapshot for this caller (the feed is then pulled from its beginning). A cut
 * resumes at the part it was in (the parts before it are written, with their progress); a key
 * gone stale (the data changed meanwhile: 404) starts again from the manifest, once.
 */
export async function tirerInstantane(
  db: Dexie,
  http: SyncHttp,
  getFlux: NonNullable<SyncHttp['getFlux']>,
  appeler: Appeler,
  surLot: (recus: number) => void,
  enCours: () => void = () => undefined,
): Promise<MesureFlux | null> {
  const debut = performance.now();
  const api = apiDe(http);
  let recus = 0;
  let ecritureMs = 0;
  const ecrire = async (documents: DocumentTire[], avancement?: Avancement) => {
    const t = performance.now();
    await db.transaction('rw', db.table('annuaire'), db.table('meta'), async () => {
      await ecrireLot(db, FLUX_ANNUAIRE, { documents, checkpoint: null });
      if (avancement) await ecrireMeta(db, CLE_INSTANTANE, avancement);
    });
    ecritureMs += performance.now() - t;
    recus += documents.length;
    surLot(recus);
  };

  for (let essai = 0; ; essai++) {
    const manifeste = await appeler(() => api('GET /api/synchro/annuaire-morale/instantane'));
    enCours();
    const { cle } = manifeste;
    if (cle === null) return null;
    const avancement = await lireMeta<Avancement>(db, CLE_INSTANTANE);
    if (avancement?.cle !== cle) await recommencer(db, cle);
    let perime = false;
    // The next part is asked for as soon as this one's answer begins: its bytes come while this
    // one is read and written, instead of one round trip and a write's time idle between parts.
    const ouvrir = (partie: number) => {
      const flux = getFlux(
        `/api/synchro/annuaire-morale/instantane/${encodeURIComponent(cle)}/${partie}`,
      );
      // Awaited when its turn comes; if this run stops first, its failure no longer matters.
      flux.catch(() => undefined);
      return flux;
    };
    // A holder, not a local: the call below sets it, and a local's narrowing would not see it.
    const avance: { suivante?: Promise<ReadableStream<Uint8Array>> } = {};
    try {
      for (let partie = avancement?.cle === cle ? avancement.faites : 0; !perime; partie++) {
        if (partie >= manifeste.parties) break;
        const annoncee = avance.suivante;
        avance.suivante = undefined;
        let tentative = 0;
        perime = await appeler(async () => {
          let flux: ReadableStream<Uint8Array>;
          try {
            // A retry asks again: the part asked for ahead failed or was cut.
            flux = await (tentative++ === 0 && annoncee ? annoncee : ouvrir(partie));
          } catch (err) {
            // Not a failure: the data changed since the manifest, whose key is no longer served.
            if (err instanceof ApiError && err.status === 404) return true;
            throw err;
          }
          if (partie + 1 < manifeste.parties) {
            lacher(avance.suivante);
            avance.suivante = ouvrir(partie + 1);
          }
          let lot: DocumentTire[] = [];
          for await (const ligne of lignesDe(flux)) {
            enCours();
            lot.push(documentDe(ligne));
            if (lot.length >= TAILLE_ECRITURE) {
              await ecrire(lot);
              lot = [];
            }
          }
          // The part's last chunk and its progress in one transaction: a cut after it resumes at
          // the next part; a cut before it takes the part again (its writes are idempotent).
          await ecrire(lot, { cle, faites: partie + 1 });
          return false;
        });
      }
    } finally {
      // A part asked for ahead and never read (stale key, a stopped run): its answer is let go.
      lacher(avance.suivante);
    }
    if (perime) {
      // The directory keeps changing under the snapshot: the feed from its beginning will do.
      if (essai > 0) return null;
      continue;
    }
    // The caller's own additions and the feed's checkpoint, and the snapshot is done.
    await db.transaction('rw', db.table('annuaire'), db.table('meta'), async () => {
      await ecrireLot(db, FLUX_ANNUAIRE, {
        documents: manifeste.documents,
        checkpoint: manifeste.checkpoint,
      });
      await db.table('meta').delete(CLE_INSTANTANE);
    });
    recus += manifeste.documents.length;
    return {
      recus,
      ecritureMs: Math.round(ecritureMs),
      totalMs: Math.round(performance.now() - debut),
    };
  }
}
