import { invalid } from '../../lib/errors';
import { COLONNES_MAX, lignesXlsx, type LigneBrute } from './import-xlsx';

/** The columns a mass-creation file has (header names compared without case nor accents). */
export const COLONNES_IMPORT = ['mail', 'nom', 'prenom', 'role', 'odg', 'motDePasse'] as const;
export type ColonneImport = (typeof COLONNES_IMPORT)[number];
export const COLONNES_OBLIGATOIRES: readonly ColonneImport[] = [
  'mail',
  'nom',
  'prenom',
  'role',
  'odg',
];
export const LIGNES_MAX_IMPORT = 500;
/**
 * No content past this line of the file (header included): room for blank lines between the
 * 500 accounts, and a stray cell at row 1,000,000 is refused at once instead of read as a line.
 */
export const LIGNE_MAX_FICHIER = 1_000;
/** Lines (blank ones too) handled between two turns given back to the event loop. */
const LIGNES_PAR_TOUR = 100;
/** Characters of CSV parsed between two turns given back to the event loop (a few ms). */
const CARACTERES_PAR_TOUR = 200_000;

const ALIAS: Record<string, ColonneImport> = {
  mail: 'mail',
  email: 'mail',
  'e-mail': 'mail',
  courriel: 'mail',
  identifiant: 'mail',
  nom: 'nom',
  prenom: 'prenom',
  role: 'role',
  odg: 'odg',
  odgs: 'odg',
  motdepasse: 'motDePasse',
  'mot de passe': 'motDePasse',
  'mot de passe temporaire': 'motDePasse',
};

export const normaliser = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

export interface LigneFichier {
  /** 1-based line of the file; the header is line 1. */
  ligne: number;
  valeurs: Partial<Record<ColonneImport, string>>;
}

const tour = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * RFC 4180 CSV: quoted fields may hold the separator, quotes ("") and line breaks. Records come
 * one by one, so a reading stopped at the limit parses no further.
 */
async function* lignesCsv(texte: string): AsyncGenerator<LigneBrute> {
  const premiere = texte.slice(0, texte.search(/\r?\n|$/));
  const sep =
    (premiere.match(/;/g)?.length ?? 0) >= (premiere.match(/,/g)?.length ?? 0) ? ';' : ',';
  let numero = 0;
  let champ = '';
  let ligne: string[] = [];
  let guillemets = false;
  let prochainTour = CARACTERES_PAR_TOUR;
  for (let i = 0; i < texte.length; i++) {
    if (i >= prochainTour) {
      prochainTour += CARACTERES_PAR_TOUR;
      await tour();
    }
    const c = texte.charAt(i);
    if (guillemets) {
      if (c === '"' && texte[i + 1] === '"') {
        champ += '"';
        i++;
      } else if (c === '"') guillemets = false;
      else champ += c;
    } else if (c === '"' && champ === '') guillemets = true;
    else if (c === sep) {
      ligne.push(champ);
      champ = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && texte[i + 1] === '\n') i++;
      ligne.push(champ);
      yield { numero: ++numero, cellules: ligne.slice(0, COLONNES_MAX) };
      ligne = [];
      champ = '';
    } else champ += c;
  }
  if (champ !== '' || ligne.length > 0) {
    ligne.push(champ);
    yield { numero: numero + 1, cellules: ligne.slice(0, COLONNES_MAX) };
  }
}

/** Windows-1252's 0x80–0x9F (Node 20's TextDecoder reads them as Latin-1's control codes). */
const CP1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * The CSV's text: UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Windows-1252,
 * what Excel's French « CSV (séparateur : point-virgule) » writes.
 */
export function texteCsv(contenu: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(contenu).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252')
      .decode(contenu)
      .replace(/[\u0080-\u009f]/g, (c) => CP1252.charAt(c.charCodeAt(0) - 0x80));
  }
}

/**
 * The lines of a CSV (`;` or `,`, UTF-8 or Windows-1252) or XLSX file (first sheet), mapped to
 * the columns by the header row. The file is read line by line and given up at the first line
 * over the limits, giving the event loop a turn every few lines. A file that is neither, or has
 * no usable header, is a 400 with the reason.
 */
export async function lireFichierComptes(contenu: Buffer): Promise<LigneFichier[]> {
  const estXlsx = contenu.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  let source: AsyncGenerator<LigneBrute>;
  if (estXlsx) source = lignesXlsx(contenu);
  else {
    const texte = texteCsv(contenu);
    // eslint-disable-next-line no-control-regex -- a NUL byte means a binary file, not a CSV
    if (/\u0000/.test(texte)) throw invalid('Le fichier doit être un CSV ou un classeur XLSX');
    source = lignesCsv(texte);
  }
  let colonnes: (ColonneImport | undefined)[] | undefined;
  const lignes: LigneFichier[] = [];
  let lues = 0;
  for await (const { numero, cellules } of source) {
    if (++lues % LIGNES_PAR_TOUR === 0) await tour();
    if (cellules.every((c) => c.trim() === '')) continue;
    if (numero > LIGNE_MAX_FICHIER) {
      throw invalid(
        `Le fichier a des données au-delà de la ligne ${String(LIGNE_MAX_FICHIER)} : ${String(LIGNES_MAX_IMPORT)} comptes au plus par import`,
      );
    }
    // The header is line 1: a first line blank means no header.
    colonnes ??= numero === 1 ? cellules.map((titre) => ALIAS[normaliser(titre)]) : [];
    if (numero === 1) {
      const presentes = colonnes;
      const absentes = COLONNES_OBLIGATOIRES.filter((c) => !presentes.includes(c));
      if (absentes.length > 0) throw colonnesManquantes(absentes);
      continue;
    }
    if (colonnes.length === 0) throw colonnesManquantes(COLONNES_OBLIGATOIRES);
    if (lignes.length === LIGNES_MAX_IMPORT) {
      throw invalid(
        `Le fichier compte plus de ${String(LIGNES_MAX_IMPORT)} comptes : ${String(LIGNES_MAX_IMPORT)} au plus par import`,
      );
    }
    const valeurs: LigneFichier['valeurs'] = {};
    colonnes.forEach((colonne, j) => {
      if (colonne) valeurs[colonne] = (cellules[j] ?? '').trim();
    });
    lignes.push({ ligne: numero, valeurs });
  }
  if (!colonnes) throw invalid('Le fichier est vide');
  return lignes;
}

const colonnesManquantes = (absentes: readonly ColonneImport[]) =>
  invalid('Colonnes manquantes', [
    `Colonnes obligatoires absentes de la première ligne : ${absentes.join(', ')}`,
  ]);
