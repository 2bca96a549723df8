import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxEnFlux, type ColonneXlsx } from './xlsx';

interface Ligne {
  nom: string;
  dateDi: string | null;
  n: number;
}
const colonnes: ColonneXlsx<Ligne>[] = [
  { titre: 'Raison sociale', valeur: (l) => l.nom },
  { titre: 'Date de DI', valeur: (l) => l.dateDi, type: 'date' },
  { titre: 'Nombre', valeur: (l) => l.n, type: 'nombre' },
];

async function lire(flux: NodeJS.ReadableStream) {
  const morceaux: Buffer[] = [];
  for await (const m of flux) morceaux.push(m as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(morceaux) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('pas de feuille');
  return ws;
}

async function* generer(n: number): AsyncGenerator<Ligne> {
  for (let i = 0; i < n; i++) {
    await Promise.resolve();
    yield { nom: `Fromagerie ${i}`, dateDi: i % 2 ? '2024-03-15' : null, n: i };
  }
}

describe('xlsxEnFlux', () => {
  it('writes French headers, dates as dates and every row of an async source', async () => {
    const ws = await lire(await xlsxEnFlux('Opérateurs', colonnes, generer(2500)));
    expect(ws.name).toBe('Opérateurs');
    expect(ws.getRow(1).values).toEqual([undefined, 'Raison sociale', 'Date de DI', 'Nombre']);
    expect(ws.rowCount).toBe(2501);
    const date = ws.getRow(3).getCell(2);
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect(date.numFmt).toBe('dd/mm/yyyy');
    expect(ws.getRow(2).getCell(2).value).toBeNull();
    expect(ws.getRow(2501).getCell(3).value).toBe(2499);
  });

  it('writes instants as the Paris clock reads them, winter and summer (issue 32 item 8)', async () => {
    interface Instant {
      quand: string | Date;
    }
    const heures: ColonneXlsx<Instant>[] = [
      { titre: 'Date et heure', valeur: (l) => l.quand, type: 'dateHeure' },
      { titre: 'Jour', valeur: (l) => l.quand, type: 'date' },
    ];
    const ws = await lire(
      await xlsxEnFlux('Instants', heures, [
        // 08:00 on screen in Paris (UTC+1): the export said 07:00.
        { quand: '2026-01-12T07:00:00.000Z' },
        // 08:00 in summer (UTC+2), given as a Date.
        { quand: new Date('2026-07-06T06:00:00.000Z') },
        // 00:30 in Paris is already the next day there, while UTC is still the day before.
        { quand: '2026-03-09T23:30:00.000Z' },
        // A business day stays that day.
        { quand: '2026-03-10' },
      ]),
    );
    // Excel cells carry no zone: the Date read back holds the wall clock in its UTC fields.
    const valeurs = [2, 3, 4, 5].map((r) =>
      [1, 2].map((c) => {
        const v = ws.getRow(r).getCell(c).value;
        return v instanceof Date ? v.toISOString().slice(0, 16) : v;
      }),
    );
    expect(valeurs).toEqual([
      ['2026-01-12T08:00', '2026-01-12T00:00'],
      ['2026-07-06T08:00', '2026-07-06T00:00'],
      ['2026-03-10T00:30', '2026-03-10T00:00'],
      ['2026-03-10T00:00', '2026-03-10T00:00'],
    ]);
  });

  it('keeps a readable file whatever the text holds (NUL, lone surrogates, huge cells)', async () => {
    const hostile = [
      { nom: 'A\u0000B\ud800C\udc00D', dateDi: 'pas une date', n: 1 },
      { nom: 'x'.repeat(40_000), dateDi: '2024-02-30', n: 2 },
      { nom: '=1+1', dateDi: null, n: 3 },
    ];
    const ws = await lire(await xlsxEnFlux('Feuille\u0000', colonnes, hostile));
    expect(ws.getRow(2).getCell(1).value).toBe('ABCD');
    expect(ws.getRow(2).getCell(2).value).toBeNull();
    expect(ws.getRow(3).getCell(1).text).toHaveLength(32_767);
    // A text that looks like a formula stays text, apostrophe first (OWASP).
    expect(ws.getRow(4).getCell(1).value).toBe("'=1+1");
  });

  it('neutralises every text a spreadsheet could take for a formula; numbers stay numbers', async () => {
    const debuts = ['=', '+', '-', '@', '\t', '\r', '\uff1d'];
    const hostile = [
      ...debuts.map((d, i) => ({ nom: `${d}HYPERLINK("http://x.test","y")`, dateDi: null, n: -i })),
      { nom: 'Fromagerie = Beaufort - 1', dateDi: null, n: -12.5 },
    ];
    const ws = await lire(await xlsxEnFlux('X', colonnes, hostile));
    debuts.forEach((d, i) => {
      const c = ws.getRow(i + 2).getCell(1);
      expect(c.type).toBe(ExcelJS.ValueType.String);
      // XML reads a carriage return back as a line feed: what matters is the apostrophe first.
      expect(c.value).toBe(`'${d === '\r' ? '\n' : d}HYPERLINK("http://x.test","y")`);
      expect(c.formula).toBeUndefined();
    });
    const derniere = ws.getRow(debuts.length + 2);
    expect(derniere.getCell(1).value).toBe('Fromagerie = Beaufort - 1');
    expect(derniere.getCell(3).value).toBe(-12.5);
    expect(derniere.getCell(3).type).toBe(ExcelJS.ValueType.Number);
  });

  it('an error of the source cuts the stream', async () => {
    async function* casse(): AsyncGenerator<Ligne> {
      yield { nom: 'a', dateDi: null, n: 1 };
      await Promise.resolve();
      throw new Error('base indisponible');
    }
    await expect(lire(await xlsxEnFlux('X', colonnes, casse()))).rejects.toThrow(
      'base indisponible',
    );
  });

  it('an error on the first row rejects before any byte: the route answers its status', async () => {
    async function* refuse(): AsyncGenerator<Ligne> {
      await Promise.resolve();
      throw new Error('périmètre refusé');
      yield { nom: 'jamais', dateDi: null, n: 0 };
    }
    await expect(xlsxEnFlux('X', colonnes, refuse())).rejects.toThrow('périmètre refusé');
  });
});
