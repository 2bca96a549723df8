import { Readable } from 'node:stream';
import { createInflateRaw, inflateRaw } from 'node:zlib';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { champDe } from '@estive/domain';
import { invalid } from '../../lib/errors';

/**
 * The rows of an XLSX workbook's first sheet, read as they are decompressed (issue 28 item 4).
 *
 * exceljs' streaming reader parses the XML row by row, but on its own it trusts the archive: it
 * inflates every part without a bound (a 5 MB zip can hold gigabytes), caches the shared strings
 * whole, and when a sheet comes before the shared strings — Excel's own order — copies it to a
 * temporary file first, a file left behind when the reading stops early. So the archive is read
 * here, from its central directory, and the reader is fed a rebuilt one: the shared strings
 * (inflated with a bound) then the first sheet, inflated as the reader asks for it and cut at a
 * bound. A reading stopped early (too many lines) inflates no further.
 */

/** A sheet row: its 1-based number in the file and its cells' texts (column A first). */
export interface LigneBrute {
  numero: number;
  cellules: string[];
}

/** Decompressed bytes read at most; a 500-line account sheet is well under 1 MB. */
const OCTETS_MAX_TEXTES = 10_000_000;
const OCTETS_MAX_FEUILLE = 20_000_000;
/** Columns read per row: the account columns are the first few, a cell at XFD is ignored. */
export const COLONNES_MAX = 100;
/** Bytes handed to the XML parser at once: each piece is parsed in one go, so it stays small. */
const MORCEAU = 16_384;

const inflateRawAsync = promisify(inflateRaw);
const endommage = () => invalid('Fichier inaccessible ou endommagé');
const tropVolumineux = () =>
  invalid('Le classeur est trop volumineux une fois décompressé : gardez une feuille de comptes');

interface Partie {
  methode: number;
  debut: number;
  taille: number;
}

/** The archive's parts by name, from its central directory (the only reliable listing). */
function parties(zip: Buffer): Map<string, Partie> {
  let fin = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      fin = i;
      break;
    }
  }
  if (fin < 0) throw endommage();
  const resultat = new Map<string, Partie>();
  let p = zip.readUInt32LE(fin + 16);
  for (let k = zip.readUInt16LE(fin + 10); k > 0; k--) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) throw endommage();
    const longueurNom = zip.readUInt16LE(p + 28);
    const local = zip.readUInt32LE(p + 42);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw endommage();
    const debut = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const taille = zip.readUInt32LE(p + 20);
    if (debut + taille > zip.length) throw endommage();
    const nom = zip.toString('utf8', p + 46, p + 46 + longueurNom).replace(/^\//, '');
    resultat.set(nom, { methode: zip.readUInt16LE(p + 10), debut, taille });
    p += 46 + longueurNom + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return resultat;
}

/**
 * The first sheet: the lowest-numbered sheet part, since Excel and LibreOffice number the parts
 * in tab order when they save.
 */
function premiereFeuille(toutes: Map<string, Partie>): Partie | undefined {
  let numero = Infinity;
  let feuille: Partie | undefined;
  for (const [nom, partie] of toutes) {
    const n = Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(nom)?.[1] ?? NaN);
    if (n < numero) [numero, feuille] = [n, partie];
  }
  return feuille;
}

async function inflee(zip: Buffer, partie: Partie, max: number): Promise<Buffer> {
  const brut = zip.subarray(partie.debut, partie.debut + partie.taille);
  if (partie.methode === 0) {
    if (brut.length > max) throw tropVolumineux();
    return brut;
  }
  if (partie.methode !== 8) throw endommage();
  try {
    // In libuv's pool, not on the event loop; maxOutputLength stops a zip bomb.
    return await inflateRawAsync(brut, { maxOutputLength: max });
  } catch (err) {
    throw champDe(err, 'code') === 'ERR_BUFFER_TOO_LARGE' ? tropVolumineux() : endommage();
  }
}

/** A stored part's local header; `differee`: its size comes after it (data descriptor). */
function entete(nom: string, taille: number, differee: boolean): Buffer {
  const octetsNom = Buffer.from(nom);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(differee ? 0x08 : 0, 6);
  h.writeUInt32LE(taille, 18);
  h.writeUInt32LE(taille, 22);
  h.writeUInt16LE(octetsNom.length, 26);
  return Buffer.concat([h, octetsNom]);
}

/**
 * A buffer in pieces, with a turn of the event loop before each: an async generator whose values
 * are at hand runs on microtasks alone, and the reader would parse them all in one go.
 */
async function* enMorceaux(donnees: Buffer) {
  for (let i = 0; i < donnees.length; i += MORCEAU) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    yield donnees.subarray(i, i + MORCEAU);
  }
}

interface Etat {
  tronquee: boolean;
  endommagee: boolean;
}

/**
 * The rebuilt archive, stored parts only: relationships, shared strings, then the sheet inflated
 * as it is read. It never throws (piped into the reader, an error would leave it waiting): a
 * sheet too large or corrupt ends early and says so in `etat`.
 */
async function* archive(zip: Buffer, feuille: Partie, textes: Buffer, etat: Etat) {
  const liens = Buffer.from(
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  );
  yield entete('xl/_rels/workbook.xml.rels', liens.length, false);
  yield liens;
  yield entete('xl/sharedStrings.xml', textes.length, false);
  yield* enMorceaux(textes);
  yield entete('xl/worksheets/sheet1.xml', 0, true);
  const brut = zip.subarray(feuille.debut, feuille.debut + feuille.taille);
  let total = 0;
  if (feuille.methode === 0) {
    etat.tronquee = brut.length > OCTETS_MAX_FEUILLE;
    yield* enMorceaux(brut.subarray(0, OCTETS_MAX_FEUILLE));
    total = Math.min(brut.length, OCTETS_MAX_FEUILLE);
  } else if (feuille.methode !== 8) etat.endommagee = true;
  else {
    const inflateur = createInflateRaw({ chunkSize: MORCEAU });
    inflateur.end(brut);
    try {
      // Node leaves a stream's iterator untyped; an inflate stream without encoding yields Buffers.
      for await (const morceau of inflateur as AsyncIterable<Buffer>) {
        if (total + morceau.length > OCTETS_MAX_FEUILLE) {
          etat.tronquee = true;
          break;
        }
        total += morceau.length;
        yield morceau;
      }
    } catch {
      etat.endommagee = true;
    } finally {
      inflateur.destroy();
    }
  }
  const descripteur = Buffer.alloc(16);
  descripteur.writeUInt32LE(0x08074b50, 0);
  descripteur.writeUInt32LE(total, 8);
  descripteur.writeUInt32LE(total, 12);
  const finArchive = Buffer.alloc(22);
  finArchive.writeUInt32LE(0x06054b50, 0);
  yield Buffer.concat([descripteur, finArchive]);
}

export async function* lignesXlsx(zip: Buffer): AsyncGenerator<LigneBrute> {
  const toutes = parties(zip);
  const feuille = premiereFeuille(toutes);
  if (!feuille) return;
  const partieTextes = toutes.get('xl/sharedStrings.xml');
  const textes = partieTextes
    ? await inflee(zip, partieTextes, OCTETS_MAX_TEXTES)
    : Buffer.from('<sst/>');
  const etat: Etat = { tronquee: false, endommagee: false };
  const flux = Readable.from(archive(zip, feuille, textes, etat), { objectMode: false });
  const lecteur = new ExcelJS.stream.xlsx.WorkbookReader(flux, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let precedente = 0;
  try {
    for await (const feuilleLue of lecteur) {
      for await (const ligne of feuilleLue) {
        // Some writers leave out the row's `r`: it is then the row after the previous one.
        precedente = Number.isInteger(ligne.number) ? ligne.number : precedente + 1;
        const cellules: (string | undefined)[] = [];
        // eachCell skips the holes: a lone cell at XFD is one cell, not 16,384.
        ligne.eachCell((cellule, colonne) => {
          if (colonne <= COLONNES_MAX) cellules[colonne - 1] = cellule.text;
        });
        yield { numero: precedente, cellules: Array.from(cellules, (c) => c ?? '') };
      }
      break;
    }
  } catch {
    throw endommage();
  } finally {
    flux.destroy();
  }
  if (etat.tronquee) throw tropVolumineux();
  if (etat.endommagee) throw endommage();
}
