import { estObjet } from '@estive/domain';
import { Crenage } from './crenage';

/**
 * Two hot paths of pdfkit (under pdfmake, in the browser and in Node) replaced by equivalents
 * that write the same bytes (issue 29 item 5; docs/decisions.md 'Audit report'):
 * - a word's shaping: plain Latin words are shaped from their glyphs' advances and kerning pairs
 *   (crenage.ts) instead of fontkit's engine, the rest as before;
 * - a page's content: each drawing operator was turned into a Buffer of its own (in the browser,
 *   a polyfill allocating per call: an eighth of the render); the operators are kept as text and
 *   turned into bytes once, when the page is written, with the same latin-1 conversion.
 * pdfkit's classes are not exported (pdfmake's browser build even bundles its own copy): they are
 * reached from a document pdfmake produced, and patched once. When a method is not found where
 * expected (another pdfkit version), that part is left as it is.
 */

type Methode = (this: unknown, ...args: unknown[]) => unknown;

const estMethode = (x: unknown): x is Methode => typeof x === 'function';

/** pdfkit's layout cache per font: a null-prototype object of runs by text. */
const estCache = (x: unknown): x is Record<string, unknown> => estObjet(x);

const CRENAGES = new WeakMap<object, Crenage | null>();

function crenageDe(police: unknown): Crenage | null {
  if (!estObjet(police)) return null;
  let c = CRENAGES.get(police);
  if (c === undefined) {
    c = Crenage.de(police);
    CRENAGES.set(police, c);
  }
  return c;
}

/** Marks a patched prototype, across copies of this module (a test file's, the app's). */
const MARQUE = Symbol.for('estive.pdfkitRapide');

/** pdfkit's `EmbeddedFont#layoutCached(text)`, with the fast path before fontkit. */
function accelererPolice(prototype: Record<string, unknown>): boolean {
  const origine = prototype.layoutCached;
  const formerLent = prototype.layoutRun;
  if (!estMethode(origine) || !estMethode(formerLent)) return false;
  prototype.layoutCached = function (this: unknown, texte: unknown): unknown {
    if (!estObjet(this) || typeof texte !== 'string' || typeof this.scale !== 'number') {
      return origine.call(this, texte);
    }
    const cache = this.layoutCache;
    if (!estCache(cache)) return origine.call(this, texte);
    const connu = cache[texte];
    if (connu) return connu;
    const forme = crenageDe(this.font)?.former(texte, this.scale) ?? formerLent.call(this, texte);
    cache[texte] = forme;
    return forme;
  };
  return true;
}

/** Text written to a reference and not yet turned into bytes, by reference. */
const EN_ATTENTE = new WeakMap<object, string[]>();

/** Latin-1 bytes of a string, as `Buffer.from(s, 'binary')`: each code unit's low byte. */
function octets(texte: string): Uint8Array {
  const r = new Uint8Array(texte.length);
  for (let i = 0; i < texte.length; i++) r[i] = texte.charCodeAt(i) & 0xff;
  return r;
}

function vider(reference: Record<string, unknown>): void {
  const attente = EN_ATTENTE.get(reference);
  if (!attente || attente.length === 0) return;
  const morceaux = reference.buffer;
  if (Array.isArray(morceaux)) morceaux.push(octets(attente.join('')));
  attente.length = 0;
}

/** pdfkit's `PDFReference#write(chunk)` and `#finalize()`: text kept until the write. */
function accelererReference(prototype: Record<string, unknown>): boolean {
  const ecrire = prototype.write;
  const finaliser = prototype.finalize;
  if (!estMethode(ecrire) || !estMethode(finaliser)) return false;
  prototype.write = function (this: unknown, morceau: unknown): unknown {
    if (!estObjet(this) || typeof morceau !== 'string' || !Array.isArray(this.buffer)) {
      if (estObjet(this)) vider(this);
      return ecrire.call(this, morceau);
    }
    // What pdfkit counts for a text chunk: its bytes and a line feed, the stream compressed.
    const longueur = morceau.length + 1;
    this.uncompressedLength =
      (typeof this.uncompressedLength === 'number' ? this.uncompressedLength : 0) + longueur;
    const donnees = this.data;
    if (estObjet(donnees)) {
      donnees.Length = (typeof donnees.Length === 'number' ? donnees.Length : 0) + longueur;
      if (this.compress) donnees.Filter = 'FlateDecode';
    }
    let attente = EN_ATTENTE.get(this);
    if (!attente) EN_ATTENTE.set(this, (attente = []));
    attente.push(morceau, '\n');
    return undefined;
  };
  prototype.finalize = function (this: unknown): unknown {
    if (estObjet(this)) vider(this);
    return finaliser.call(this);
  };
  return true;
}

function patcher(objet: unknown, accelerer: (p: Record<string, unknown>) => boolean): boolean {
  if (!estObjet(objet)) return false;
  const prototype: unknown = Object.getPrototypeOf(objet);
  if (!estObjet(prototype)) return false;
  if (Object.hasOwn(prototype, MARQUE)) return true;
  const fait = accelerer(prototype);
  if (fait) Object.defineProperty(prototype, MARQUE, { value: true });
  return fait;
}

/**
 * Patches pdfkit's classes, reached from `document` (a pdfkit document pdfmake rendered with an
 * embedded font, not ended): true when both hot paths were found.
 */
export function accelererPdfkit(document: unknown): boolean {
  if (!estObjet(document)) return false;
  const police = patcher(document._font, accelererPolice);
  const page = document.page;
  const reference = patcher(estObjet(page) ? page.content : undefined, accelererReference);
  return police && reference;
}

/** Whether the font and page classes of `document` (a pdfkit document) are patched. */
export function pdfkitAccelere(document: unknown): boolean {
  const marque = (o: unknown) => {
    const p: unknown = estObjet(o) ? Object.getPrototypeOf(o) : null;
    return estObjet(p) && Object.hasOwn(p, MARQUE);
  };
  return (
    estObjet(document) &&
    marque(document._font) &&
    estObjet(document.page) &&
    marque(document.page.content)
  );
}

/** The smallest document that loads an embedded font and writes a page's content. */
export const DOCUMENT_AMORCE = { content: 'Estive' };
