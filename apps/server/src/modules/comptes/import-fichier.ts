import ExcelJS from 'exceljs';
import { invalid } from '../../lib/errors';

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

/** RFC 4180 CSV: quoted fields may hold the separator, quotes ("") and line breaks. */
function lireCsv(texte: string): string[][] {
  const premiere = texte.slice(0, texte.search(/\r?\n|$/));
  const sep =
    (premiere.match(/;/g)?.length ?? 0) >= (premiere.match(/,/g)?.length ?? 0) ? ';' : ',';
  const lignes: string[][] = [];
  let champ = '';
  let ligne: string[] = [];
  let guillemets = false;
  for (let i = 0; i < texte.length; i++) {
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
      lignes.push(ligne);
      ligne = [];
      champ = '';
    } else champ += c;
  }
  if (champ !== '' || ligne.length > 0) {
    ligne.push(champ);
    lignes.push(ligne);
  }
  return lignes;
}

async function lireXlsx(contenu: Buffer): Promise<string[][]> {
  const classeur = new ExcelJS.Workbook();
  try {
    await classeur.xlsx.load(contenu as unknown as ArrayBuffer);
  } catch {
    throw invalid('Fichier inaccessible ou endommagé');
  }
  const feuille = classeur.worksheets[0];
  if (!feuille) return [];
  const lignes: string[][] = [];
  // includeEmpty: every row from 1 to the last, empty ones too, so the array has no holes.
  feuille.eachRow({ includeEmpty: true }, (row, numero) => {
    const cellules: string[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) cellules.push(row.getCell(c).text);
    lignes[numero - 1] = cellules;
  });
  return lignes;
}

/**
 * The lines of a CSV (`;` or `,`, UTF-8) or XLSX file (first sheet), mapped to the columns by
 * the header row. A file that is neither, or has no usable header, is a 400 with the reason.
 */
export async function lireFichierComptes(contenu: Buffer): Promise<LigneFichier[]> {
  const estXlsx = contenu.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  let brutes: string[][];
  if (estXlsx) brutes = await lireXlsx(contenu);
  else {
    const texte = new TextDecoder('utf-8', { fatal: false }).decode(contenu).replace(/^\uFEFF/, '');
    // eslint-disable-next-line no-control-regex -- a NUL byte means a binary file, not a CSV
    if (/\u0000/.test(texte)) throw invalid('Le fichier doit être un CSV ou un classeur XLSX');
    brutes = lireCsv(texte);
  }
  const entete = brutes[0];
  if (!entete) throw invalid('Le fichier est vide');
  const colonnes = entete.map((titre) => ALIAS[normaliser(titre)]);
  const absentes = COLONNES_OBLIGATOIRES.filter((c) => !colonnes.includes(c));
  if (absentes.length > 0) {
    throw invalid('Colonnes manquantes', [
      `Colonnes obligatoires absentes de la première ligne : ${absentes.join(', ')}`,
    ]);
  }
  const lignes: LigneFichier[] = [];
  brutes.slice(1).forEach((cellules, i) => {
    if (cellules.every((c) => c.trim() === '')) return;
    const valeurs: LigneFichier['valeurs'] = {};
    colonnes.forEach((colonne, j) => {
      if (colonne) valeurs[colonne] = (cellules[j] ?? '').trim();
    });
    lignes.push({ ligne: i + 2, valeurs });
  });
  if (lignes.length > LIGNES_MAX_IMPORT) {
    throw invalid(
      `Le fichier compte ${String(lignes.length)} comptes : ${String(LIGNES_MAX_IMPORT)} au plus par import`,
    );
  }
  return lignes;
}
