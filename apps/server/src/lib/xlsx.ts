import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export type ValeurCellule = string | number | boolean | Date | null | undefined;

/** One column of an export: its French header and how to read the value from a row. */
export interface ColonneXlsx<T> {
  titre: string;
  valeur: (ligne: T) => ValeurCellule;
  /** `date`: a business date (`YYYY-MM-DD` or Date) shown dd/mm/yyyy; `dateHeure` likewise with the time. */
  type?: 'texte' | 'nombre' | 'date' | 'dateHeure';
  largeur?: number;
}

const FORMATS = { date: 'dd/mm/yyyy', dateHeure: 'dd/mm/yyyy hh:mm' } as const;
/** Excel's limit for one cell's text. */
const LONGUEUR_MAX_CELLULE = 32_767;
// XML 1.0 refuses these code points: one such character in a name would make the file unreadable.
const HORS_XML =
  // eslint-disable-next-line no-control-regex -- the control characters are what it removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function texteSur(texte: string): string {
  const propre = texte.replace(HORS_XML, '');
  return propre.length > LONGUEUR_MAX_CELLULE ? propre.slice(0, LONGUEUR_MAX_CELLULE) : propre;
}

const HORLOGE_PARIS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as the Paris clock reads it, in the UTC fields of a Date: an Excel cell has no zone
 * and exceljs writes a Date's UTC fields, so 08:00 on screen was 07:00 in the file (issue 32).
 */
function horlogeParis(d: Date, avecHeure: boolean): Date {
  const p = Object.fromEntries(HORLOGE_PARIS.formatToParts(d).map((x) => [x.type, x.value]));
  const [h, m, s] = avecHeure ? [p.hour, p.minute, p.second].map(Number) : [0, 0, 0];
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), h, m, s));
}

/**
 * A business date `YYYY-MM-DD` becomes that day at midnight (Excel shows it as that day); an
 * instant (a Date, an ISO time) becomes its Paris day, and with `dateHeure` its Paris time.
 */
function enDate(v: ValeurCellule, avecHeure: boolean): Date | null {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const jour = new Date(`${v}T00:00:00Z`);
    return Number.isNaN(jour.getTime()) ? null : jour;
  }
  const d =
    v instanceof Date
      ? v
      : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)
        ? new Date(v)
        : null;
  return d === null || Number.isNaN(d.getTime()) ? null : horlogeParis(d, avecHeure);
}

/**
 * What a spreadsheet (or a CSV saved from it) may read as a formula: `= + - @`, a tab or a
 * carriage return first (OWASP "CSV injection"), also in their full-width forms, which some
 * spreadsheets fold to ASCII.
 */
const DEBUT_FORMULE = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/**
 * A text written as a cell, neutralised: a leading apostrophe (OWASP's advice) keeps a name such
 * as `=HYPERLINK(...)` inert even once the cell is edited or the sheet is saved as CSV. Only text
 * is touched: numbers and dates typed as such stay numbers and dates, negative ones included.
 */
export function texteNeutralise(texte: string): string {
  const sur = texteSur(texte);
  return DEBUT_FORMULE.test(sur) ? `'${sur}`.slice(0, LONGUEUR_MAX_CELLULE) : sur;
}

function cellule<T>(colonne: ColonneXlsx<T>, ligne: T): ValeurCellule {
  const v = colonne.valeur(ligne);
  if (v === null || v === undefined) return null;
  if (colonne.type === 'date' || colonne.type === 'dateHeure')
    return enDate(v, colonne.type === 'dateHeure');
  if (typeof v === 'string') return texteNeutralise(v);
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  return v;
}

/**
 * An XLSX file written as its rows arrive (exceljs' streaming writer): a large export never sits
 * whole in memory. Reading or writing errors destroy the stream, so the client sees a cut
 * download rather than a file that looks complete.
 */
export async function xlsxEnFlux<T>(
  feuille: string,
  colonnes: readonly ColonneXlsx<T>[],
  lignes: AsyncIterable<T> | Iterable<T>,
): Promise<Readable> {
  // The first row is read before any byte is sent: a refused request (role, perimeter, bad sort)
  // or an absent database is still an error status, not a 200 cut short.
  const iterateur =
    Symbol.asyncIterator in lignes ? lignes[Symbol.asyncIterator]() : lignes[Symbol.iterator]();
  const premiere = await iterateur.next();
  const sortie = new PassThrough();
  const classeur = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sortie,
    useStyles: true,
    useSharedStrings: false,
  });
  classeur.creator = 'Estive';
  const ws = classeur.addWorksheet(texteSur(feuille).slice(0, 31) || 'Export', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  ws.columns = colonnes.map((c, i) => ({
    header: texteNeutralise(c.titre),
    key: String(i),
    width: c.largeur ?? Math.max(12, c.titre.length + 2),
    style: c.type === 'date' || c.type === 'dateHeure' ? { numFmt: FORMATS[c.type] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    for (let r = premiere; r.done !== true; r = await iterateur.next()) {
      ws.addRow(colonnes.map((c) => cellule(c, r.value))).commit();
    }
    ws.commit();
    await classeur.commit();
  })().catch((e: unknown) => sortie.destroy(e instanceof Error ? e : new Error(String(e))));
  return sortie;
}

export const MIME_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a streamed XLSX as a download named `nom` (today's date appended, Europe/Paris). */
export function envoyerXlsx(reply: FastifyReply, nom: string, flux: Readable): FastifyReply {
  const jour = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const fichier = `${nom}-${jour}.xlsx`;
  return reply
    .header('content-type', MIME_XLSX)
    .header(
      'content-disposition',
      `attachment; filename="${fichier.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fichier)}`,
    )
    .header('cache-control', 'no-store')
    .send(flux);
}
