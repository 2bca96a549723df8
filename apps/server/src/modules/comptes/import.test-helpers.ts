import { PassThrough } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/**
 * Hostile account files (issue 28 item 4), shared by the tests and `bench/import`: both must
 * be refused without stalling the server.
 */

/** A workbook of `n` account lines under the header, written row by row (exceljs' streaming writer). */
export async function classeurDeComptes(n: number): Promise<Buffer> {
  const sortie = new PassThrough();
  const morceaux: Buffer[] = [];
  sortie.on('data', (m: Buffer) => morceaux.push(m));
  const classeur = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sortie,
    useSharedStrings: true,
  });
  const feuille = classeur.addWorksheet('Comptes');
  feuille.addRow(['mail', 'nom', 'prenom', 'role', 'odg']).commit();
  for (let i = 0; i < n; i++) {
    feuille.addRow([`c${String(i)}@x.test`, 'N', 'P', 'CONTROLEUR', 'x']).commit();
  }
  feuille.commit();
  await classeur.commit();
  return Buffer.concat(morceaux);
}

/** A zip archive of the given files, deflated, with its central directory (what Excel reads). */
export function archiveZip(fichiers: Record<string, string>): Buffer {
  const locaux: Buffer[] = [];
  const central: Buffer[] = [];
  let position = 0;
  for (const [nom, texte] of Object.entries(fichiers)) {
    const brut = Buffer.from(texte);
    const comprime = deflateRawSync(brut);
    const nomOctets = Buffer.from(nom);
    const entete = Buffer.alloc(30);
    entete.writeUInt32LE(0x04034b50, 0);
    entete.writeUInt16LE(20, 4);
    entete.writeUInt16LE(8, 8);
    entete.writeUInt32LE(crc32(brut), 14);
    entete.writeUInt32LE(comprime.length, 18);
    entete.writeUInt32LE(brut.length, 22);
    entete.writeUInt16LE(nomOctets.length, 26);
    const repertoire = Buffer.alloc(46);
    repertoire.writeUInt32LE(0x02014b50, 0);
    repertoire.writeUInt16LE(20, 4);
    repertoire.writeUInt16LE(20, 6);
    repertoire.writeUInt16LE(8, 10);
    repertoire.writeUInt32LE(crc32(brut), 16);
    repertoire.writeUInt32LE(comprime.length, 20);
    repertoire.writeUInt32LE(brut.length, 24);
    repertoire.writeUInt16LE(nomOctets.length, 28);
    repertoire.writeUInt32LE(position, 42);
    locaux.push(entete, nomOctets, comprime);
    central.push(repertoire, nomOctets);
    position += entete.length + nomOctets.length + comprime.length;
  }
  const taille = central.reduce((t, b) => t + b.length, 0);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(central.length / 2, 8);
  fin.writeUInt16LE(central.length / 2, 10);
  fin.writeUInt32LE(taille, 12);
  fin.writeUInt32LE(position, 16);
  return Buffer.concat([...locaux, ...central, fin]);
}

const NS = 'http://schemas.openxmlformats.org';

/**
 * A ~1 KB workbook whose sheet declares `A1:A<lignes>` and holds one cell, on its last row: a
 * reader that trusts the dimension (or fills the rows up to the last) allocates them all.
 */
export function classeurDimensionGeante(lignes = 1_000_000): Buffer {
  const derniere = String(lignes);
  return archiveZip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="Comptes" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}/spreadsheetml/2006/main"><dimension ref="A1:A${derniere}"/><sheetData><row r="${derniere}"><c r="A${derniere}" t="inlineStr"><is><t>mail</t></is></c></row></sheetData></worksheet>`,
  });
}
