import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export interface ColonneXlsx<T> {
  entete: string;
  largeur?: number;
  valeur: (ligne: T) => string | number | boolean | Date | null;
}

/**
 * A one-sheet XLSX written as it is read: rows come in batches from the database and leave as
 * a stream, so an export of every control of an ODG never sits whole in memory.
 */
export function xlsxEnFlux<T>(
  feuille: string,
  colonnes: readonly ColonneXlsx<T>[],
  lots: AsyncIterable<readonly T[]>,
): PassThrough {
  const sortie = new PassThrough();
  const classeur = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sortie, useStyles: true });
  const ws = classeur.addWorksheet(feuille, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = colonnes.map((c, i) => ({
    header: c.entete,
    key: String(i),
    width: c.largeur ?? 18,
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    try {
      for await (const lot of lots) {
        for (const ligne of lot) ws.addRow(colonnes.map((c) => c.valeur(ligne))).commit();
      }
      ws.commit();
      await classeur.commit();
    } catch (erreur) {
      sortie.destroy(erreur instanceof Error ? erreur : new Error(String(erreur)));
    }
  })();
  return sortie;
}

export const TYPE_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
