import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { z } from 'zod';
import { TAILLE_PARTIE_INSTANTANE, type InstantaneAnnuaire } from '@estive/contracts';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Acteur } from '../../lib/acteur';
import { createAnnuaireDocumentsRepository } from './annuaire-documents.repository';
import { DEBUT, encoderCheckpoint, type Curseur } from './cursor';
import { cleScope, porteeAutorisee } from './feeds.service';
import {
  lignesDuPerimetre,
  odgsAvecAnnuaire,
  operateursHorsPerimetre,
  versionAnnuaire,
} from './instantane.repository';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const debrotli = promisify(zlib.brotliDecompress);

/**
 * One part of a snapshot, stored compressed once in brotli (every browser over HTTPS asks for it);
 * a gzip copy is made from it only when a caller asks for gzip alone. `br` is first a quick
 * compression, replaced by the best one once it exists: each part decodes alone, so a device may
 * take one of each.
 */
export interface PartieInstantane {
  br: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

interface Instantane {
  cle: string;
  parties: PartieInstantane[];
  nombre: number;
  /** The feed's position of its last row: the device's checkpoint once it holds the snapshot. */
  dernier: Curseur | null;
  construitA: number;
}

/** An ODG's snapshots: the one served, the one it replaced (devices may be taking its parts). */
interface Entree {
  courant: Promise<Instantane>;
  precedent?: Instantane;
  remplacement?: Promise<void>;
}

/**
 * The least time between two builds of an ODG's snapshot. A snapshot older than the data is still
 * right (the device takes the feed from its checkpoint, as every device that synced then), so the
 * office's writes cost at most one build per ODG in this time, and a device's download is not cut
 * by each of them.
 */
export const INTERVALLE_RECONSTRUCTION_MS = 5 * 60_000;

const QUALITE_RAPIDE = 9;

const compresser = (texte: string | Buffer, qualite: number) =>
  brotli(texte, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: qualite,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(texte),
    },
  });

const documentsTexte = z.array(z.unknown());

/**
 * The directory snapshot of each perimeter (issue 29 item 2; docs/decisions.md 'Sync'). A fresh
 * device's directory is the bulk of its first sync: building it batch by batch cost ~31 ms of
 * server CPU per 200 operators, for every device. It is built once per ODG (at start, then when
 * the data has moved and the last build is `INTERVALLE_RECONSTRUCTION_MS` old), cut in parts,
 * compressed, and every device of that perimeter gets the same bytes; it then pulls the feed from
 * the snapshot's checkpoint like every other device. With `affiner`, each part is then compressed again at
 * brotli's best in the background (off in tests, where nobody downloads over a weak link).
 *
 * The cache is this process's memory, one snapshot per ODG (about 0.6 MB compressed for 7,000
 * operators) and the one it replaced: another node builds its own, and a request naming a key that
 * is neither is a 404 that sends the device back to the snapshot's manifest.
 */
export function createInstantaneService(
  db: Database,
  { affiner: affinage = false }: { affiner?: boolean } = {},
) {
  const annuaire = createAnnuaireDocumentsRepository(db);
  const cache = new Map<number, Entree>();
  let affinages: Promise<unknown> = Promise.resolve();

  async function construire(odgId: number, cle: string): Promise<Instantane> {
    const construitA = Date.now();
    const lot = await annuaire.lotAnnuaire(lignesDuPerimetre(odgId));
    // The statement's JSON array, one document per line: the device parses lines as they arrive.
    const documents = documentsTexte.parse(JSON.parse(lot.documents));
    const textes: string[] = [];
    for (let i = 0; i < documents.length; i += TAILLE_PARTIE_INSTANTANE)
      textes.push(
        documents
          .slice(i, i + TAILLE_PARTIE_INSTANTANE)
          .map((d) => `${JSON.stringify(d)}\n`)
          .join(''),
      );
    // The manifest answers once the parts are cut, not once they are compressed: the parts are
    // compressed quickly one after the other in their order, so the device's download of a part
    // overlaps the compression of the next. Then, in the background, each is compressed at
    // brotli's best (a sixth fewer bytes, thirty times the CPU), while it is still served.
    let precedente: Promise<unknown> = Promise.resolve();
    const parties = textes.map((texte): PartieInstantane => {
      const br = precedente.then(() => compresser(texte, QUALITE_RAPIDE));
      precedente = br.catch(() => undefined);
      return { br };
    });
    const instantane = { cle, parties, nombre: lot.nombre, dernier: lot.dernier, construitA };
    // One snapshot refined at a time, whatever the number of ODGs built at start: a libuv thread
    // at most, never the pool.
    if (affinage)
      affinages = affinages
        .then(() => precedente)
        .then(() => affiner(odgId, instantane, textes))
        .catch(() => undefined);
    return instantane;
  }

  /** The parts at brotli's best quality, one at a time, as long as the snapshot is served. */
  async function affiner(odgId: number, instantane: Instantane, textes: string[]) {
    for (const [i, texte] of textes.entries()) {
      const entree = cache.get(odgId);
      if (!entree || (await entree.courant.catch(() => null)) !== instantane) return;
      const meilleur = await compresser(texte, zlib.constants.BROTLI_MAX_QUALITY).catch(() => null);
      const partie = instantane.parties[i];
      if (meilleur && partie) partie.br = Promise.resolve(meilleur);
    }
  }

  /** The cache's entry of an ODG, its first snapshot built now (concurrent askers share it). */
  function entreeDe(odgId: number, version: string): Entree {
    const presente = cache.get(odgId);
    if (presente) return presente;
    const courant = construire(odgId, `o${odgId}-${version}`);
    const entree: Entree = { courant };
    cache.set(odgId, entree);
    courant.catch(() => {
      if (cache.get(odgId) === entree) cache.delete(odgId);
    });
    return entree;
  }

  /**
   * The snapshot served to an ODG's devices. When the data has moved and the snapshot is old
   * enough, its successor is built in the background; this one is served until it is ready.
   */
  async function courant(odgId: number): Promise<Instantane> {
    const version = await versionAnnuaire(db);
    const entree = entreeDe(odgId, version);
    const instantane = await entree.courant;
    const cle = `o${odgId}-${version}`;
    if (
      instantane.cle !== cle &&
      !entree.remplacement &&
      Date.now() - instantane.construitA >= INTERVALLE_RECONSTRUCTION_MS
    ) {
      entree.remplacement = construire(odgId, cle)
        .then((suivant) => {
          entree.precedent = instantane;
          entree.courant = Promise.resolve(suivant);
        })
        .catch(() => undefined)
        .finally(() => {
          entree.remplacement = undefined;
        });
    }
    return instantane;
  }

  /** The snapshot of that key, if it is the ODG's current one or the one it replaced. */
  async function parCle(odgId: number, cle: string): Promise<Instantane | undefined> {
    const entree = cache.get(odgId);
    if (!entree) {
      // A key from before this process started: the same data gives the same key.
      const construit = await courant(odgId);
      return construit.cle === cle ? construit : undefined;
    }
    const present = await entree.courant;
    if (present.cle === cle) return present;
    return entree.precedent?.cle === cle ? entree.precedent : undefined;
  }

  return {
    /**
     * Builds every ODG's snapshot, one after the other, so that the first device of the day does
     * not wait for its build (seconds for a large ODG). `arrete` ends the walk (server closing).
     */
    async prechauffer(arrete: () => boolean): Promise<void> {
      for (const odgId of await odgsAvecAnnuaire(db)) {
        if (arrete()) return;
        await courant(odgId);
      }
    },

    /** Where a fresh device's directory starts: the snapshot's key and parts, then the feed. */
    async manifeste(acteur: Acteur): Promise<InstantaneAnnuaire> {
      const portee = porteeAutorisee(acteur, 'annuaire-morale');
      // The checkpoint given here is the directory feed's own, which the device presents next.
      const scope = cleScope(portee, 'annuaire-morale');
      if (portee.odgId === null)
        return {
          cle: null,
          parties: 0,
          nombre: 0,
          documents: [],
          checkpoint: encoderCheckpoint(scope, DEBUT),
        };
      const instantane = await courant(portee.odgId);
      const propres = await operateursHorsPerimetre(db, portee);
      return {
        cle: instantane.cle,
        parties: instantane.parties.length,
        nombre: instantane.nombre,
        documents: await annuaire.annuaire(propres),
        checkpoint: encoderCheckpoint(scope, instantane.dernier ?? DEBUT),
      };
    },

    /** One part of the snapshot named by `cle`, if it is still the caller's perimeter's current. */
    async partie(acteur: Acteur, cle: string, numero: number): Promise<PartieInstantane> {
      const portee = porteeAutorisee(acteur, 'annuaire-morale');
      // Another ODG's key is not even looked at: its existence must not leak.
      const instantane =
        portee.odgId !== null && cle.startsWith(`o${portee.odgId}-`)
          ? await parCle(portee.odgId, cle)
          : undefined;
      const partie = instantane?.parties[numero];
      if (!partie)
        throw notFound("L'annuaire a changé depuis le début de la synchronisation : recommencez");
      return partie;
    },
  };
}
export type InstantaneService = ReturnType<typeof createInstantaneService>;

/**
 * The stored encoding the caller accepts (brotli, else gzip made once from it), or the text itself
 * for a caller that takes neither (rare: every browser takes gzip).
 */
export async function corpsPourEncodage(
  partie: PartieInstantane,
  acceptEncoding: string | undefined,
): Promise<{ encodage: 'br' | 'gzip' | null; corps: Buffer }> {
  const accepte = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepte)) return { encodage: 'br', corps: await partie.br };
  if (/\bgzip\b/.test(accepte)) {
    partie.gzip ??= partie.br.then(debrotli).then((texte) => gzip(texte, { level: 9 }));
    return { encodage: 'gzip', corps: await partie.gzip };
  }
  return { encodage: null, corps: await debrotli(await partie.br) };
}
