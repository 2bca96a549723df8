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
  operateursHorsPerimetre,
  versionAnnuaire,
} from './instantane.repository';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const debrotli = promisify(zlib.brotliDecompress);

/**
 * One part of a snapshot, stored compressed once in brotli (every browser over HTTPS asks for it);
 * a gzip copy is made from it only when a caller asks for gzip alone.
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
}

const documentsTexte = z.array(z.unknown());

/**
 * The directory snapshot of each perimeter (issue 29 item 2; docs/decisions.md 'Sync'). A fresh
 * device's directory is the bulk of its first sync: building it batch by batch cost ~31 ms of
 * server CPU per 200 operators, for every device. It is now built once per ODG and data version
 * (`versionAnnuaire`), cut in parts, compressed once, and every device of that perimeter gets the
 * same bytes; it then pulls the feed from the snapshot's checkpoint like any device.
 *
 * The cache is this process's memory, one snapshot per ODG (about 1 MB compressed for 7,000
 * operators): another node builds its own, and a request naming a key that is no longer the
 * current one is a 404 that sends the device back to the snapshot's manifest.
 */
export function createInstantaneService(db: Database) {
  const annuaire = createAnnuaireDocumentsRepository(db);
  const cache = new Map<number, { cle: string; promesse: Promise<Instantane> }>();

  async function construire(odgId: number, cle: string): Promise<Instantane> {
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
    // The manifest answers once the parts are cut, not once they are compressed (seconds for a
    // large ODG): the parts are compressed one after the other in their order, so the device's
    // download of a part overlaps the compression of the next, and the texts are let go as soon
    // as their compressed copy exists.
    let precedente: Promise<unknown> = Promise.resolve();
    const parties = textes.map((texte): PartieInstantane => {
      const br = precedente.then(() =>
        brotli(texte, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(texte),
          },
        }),
      );
      precedente = br.catch(() => undefined);
      return { br };
    });
    return { cle, parties, nombre: lot.nombre, dernier: lot.dernier };
  }

  /** The current snapshot of an ODG: built at most once per version (concurrent askers share it). */
  async function courant(odgId: number): Promise<Instantane> {
    const cle = `o${odgId}-${await versionAnnuaire(db)}`;
    const present = cache.get(odgId);
    if (present?.cle === cle) return present.promesse;
    const promesse = construire(odgId, cle);
    cache.set(odgId, { cle, promesse });
    promesse.catch(() => {
      if (cache.get(odgId)?.promesse === promesse) cache.delete(odgId);
    });
    return promesse;
  }

  return {
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
          ? await courant(portee.odgId)
          : null;
      const partie = instantane?.cle === cle ? instantane.parties[numero] : undefined;
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
