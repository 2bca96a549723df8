import { describe, expect, it } from 'vitest';
import type { FichierLocal } from './db';
import { ouvrirBaseDeTest } from './sync/base-de-test';
import {
  documentsAStocker,
  documentsTournees,
  idLogoType,
  lireImageStockee,
  stockerDocumentsHorsLigne,
  type ControlePourDocuments,
} from './documents';

// Monday 23 November 2026; this week and next run to Sunday 6 December.
const AUJOURDHUI = '2026-11-25';

const di = (id: string) => ({ id, fileName: `DI-${id}.pdf`, typeDocument: 'DI' });
const controle = (
  date: string,
  fichiers: ControlePourDocuments['fichiers'],
  autres: Partial<ControlePourDocuments> = {},
): ControlePourDocuments => ({
  date,
  statut: 'PROGRAMME',
  aopIgp: { type: 'AOP' },
  fichiers,
  odgRef: { id: '1', logoId: '900' },
  ...autres,
});

describe('documentsAStocker: the DI of the coming visits and the report logos', () => {
  it('keeps the DI of controls to do this week and next, once each', () => {
    const docs = documentsAStocker(
      [
        controle('2026-11-23T07:00:00Z', [
          di('10'),
          { ...di('11'), typeDocument: 'RAPPORT_AUDIT' },
        ]),
        // Same operator, second label: same DI.
        controle('2026-11-23T07:00:00Z', [di('10')], { aopIgp: { type: 'IGP' } }),
        controle('2026-12-06T20:00:00Z', [di('12')]), // Sunday 6, 21:00 in Paris: next week
        controle('2026-12-06T23:30:00Z', [di('13')]), // Monday 7 in Paris: too far
        controle('2026-11-22T12:00:00Z', [di('14')]), // last week
        controle('2026-11-24T07:00:00Z', [di('15')], { statut: 'REALISE' }),
        controle('2026-11-24T07:00:00Z', [di('16')], { statut: 'ANNULE' }),
        controle('2026-11-24T07:00:00Z', [di('17')], { statut: 'EN_COURS' }),
      ],
      AUJOURDHUI,
    );
    expect(docs.filter((d) => d.typeDocument === 'DI').map((d) => d.id)).toEqual([
      '10',
      '12',
      '17',
    ]);
    expect(docs.find((d) => d.id === '10')).toEqual({
      id: '10',
      fileName: 'DI-10.pdf',
      typeDocument: 'DI',
      url: '/api/fichier/10',
    });
  });

  it("adds the ODG's logo and the AOP and IGP seals of controls to do", () => {
    const docs = documentsAStocker(
      [
        controle('2026-11-23T07:00:00Z', []),
        controle('2026-11-30T07:00:00Z', [], { aopIgp: { type: 'IGP' } }),
        controle('2026-11-23T07:00:00Z', [], { odgRef: { id: '2', logoId: null } }),
        controle('2026-11-23T07:00:00Z', [], {
          statut: 'REALISE',
          odgRef: { id: '3', logoId: '903' },
        }),
      ],
      AUJOURDHUI,
    );
    expect(docs.filter((d) => d.typeDocument === 'LOGO').map((d) => [d.id, d.url])).toEqual([
      ['900', '/api/organisme/1/logo'],
      [idLogoType('AOP'), '/logos/aop.png'],
      [idLogoType('IGP'), '/logos/igp.png'],
    ]);
  });
});

const PNG_1PX = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

describe('documentsTournees: the planning and the avis de passage of the rounds still out', () => {
  const avis = (id: string) => ({ personneMoraleId: `pm${id}`, id, fileName: `Avis-${id}.pdf` });
  it('keeps those of rounds not TERMINEE ending this week or later', () => {
    const docs = documentsTournees(
      [
        {
          fin: '2026-11-27',
          statut: 'ATTENTE_SYNCHRO',
          planning: { id: '50', fileName: 'Planning.pdf' },
          avisPassage: [avis('51'), avis('52')],
        },
        { fin: '2026-12-10', statut: 'SYNCHRONISE', planning: { id: '60' }, avisPassage: [] },
        // Ended last week, or over: nothing to carry.
        { fin: '2026-11-21', statut: 'SYNCHRONISE', planning: { id: '70' } },
        {
          fin: '2026-11-26',
          statut: 'TERMINEE',
          planning: { id: '80' },
          avisPassage: [avis('81')],
        },
        // Not finalised yet: no documents.
        { fin: '2026-11-26', statut: 'ATTENTE_SYNCHRO', planning: null },
      ],
      AUJOURDHUI,
    );
    expect(docs.map((d) => [d.id, d.typeDocument, d.url])).toEqual([
      ['50', 'PLANNING', '/api/fichier/50'],
      ['51', 'AVIS_PASSAGE', '/api/fichier/51'],
      ['52', 'AVIS_PASSAGE', '/api/fichier/52'],
      ['60', 'PLANNING', '/api/fichier/60'],
    ]);
    expect(docs[0]?.fileName).toBe('Planning.pdf');
  });

  it('stockerDocumentsHorsLigne keeps them on the device beside the DI', async () => {
    const db = await ouvrirBaseDeTest();
    const bilan = await stockerDocumentsHorsLigne(db, [], {
      aujourdhui: AUJOURDHUI,
      tournees: [
        {
          fin: '2026-11-27',
          statut: 'SYNCHRONISE',
          planning: { id: '50', fileName: 'Planning.pdf' },
          avisPassage: [avis('51')],
        },
      ],
      telecharger: (url) => Promise.resolve(new Blob([`%PDF ${url}`])),
    });
    expect(bilan).toMatchObject({ stockes: 2, echecs: 0 });
    const planning = await db.table<FichierLocal, string>('fichiers').get('50');
    expect(planning).toMatchObject({
      typeDocument: 'PLANNING',
      fileName: 'Planning.pdf',
      sync: true,
    });
    expect(await planning?.blob.text()).toBe('%PDF /api/fichier/50');
    const lettre = await db.table<FichierLocal, string>('fichiers').get('51');
    expect(lettre).toMatchObject({ typeDocument: 'AVIS_PASSAGE', fileName: 'Avis-51.pdf' });
  });
});

describe('stockerDocumentsHorsLigne', () => {
  const controles = [controle('2026-11-24T07:00:00Z', [di('10'), di('11')])];

  it('fetches what is missing, keeps it with sync true, and opens it with no network', async () => {
    const db = await ouvrirBaseDeTest();
    const appels: string[] = [];
    const bilan = await stockerDocumentsHorsLigne(db, controles, {
      aujourdhui: AUJOURDHUI,
      telecharger: (url) => {
        appels.push(url);
        return Promise.resolve(
          new Blob([url.endsWith('.png') || url.endsWith('/logo') ? PNG_1PX : `%PDF ${url}`]),
        );
      },
    });
    expect(bilan).toEqual({ stockes: 4, deja: 0, horsBudget: 0, echecs: 0, supprimes: 0 });
    const di10 = await db.table<FichierLocal, string>('fichiers').get('10');
    expect(di10).toMatchObject({ typeDocument: 'DI', sync: true, controleId: null });
    expect(await di10?.blob.text()).toBe('%PDF /api/fichier/10');

    // The next sync fetches nothing already there.
    appels.length = 0;
    const encore = await stockerDocumentsHorsLigne(db, controles, {
      aujourdhui: AUJOURDHUI,
      telecharger: () => Promise.reject(new Error('hors ligne')),
    });
    expect(encore).toMatchObject({ stockes: 0, deja: 4, echecs: 0 });
    expect(appels).toEqual([]);
  });

  it('fetches six files at a time, not one round trip after another', async () => {
    const db = await ouvrirBaseDeTest();
    const ids = Array.from({ length: 14 }, (_, i) => String(20 + i));
    let enVol = 0;
    let auPlus = 0;
    const bilan = await stockerDocumentsHorsLigne(
      db,
      [controle('2026-11-24T07:00:00Z', ids.map(di), { odgRef: null, aopIgp: null })],
      {
        aujourdhui: AUJOURDHUI,
        telecharger: async (url) => {
          enVol++;
          auPlus = Math.max(auPlus, enVol);
          // A round trip: every worker is waiting on the link at the same time.
          await new Promise((r) => setTimeout(r, 5));
          enVol--;
          return new Blob([`%PDF ${url}`]);
        },
      },
    );
    expect(auPlus).toBe(6);
    expect(bilan).toMatchObject({ stockes: 14, echecs: 0 });
    expect((await db.table('fichiers').toCollection().primaryKeys()).sort()).toEqual(ids);
  });

  it('stops short of the storage warning: a file that would leave 2 MB or less stays on the server', async () => {
    const db = await ouvrirBaseDeTest();
    // 150 kB above the warning's threshold; usage grows with what is stored.
    const quota = 2 * 1024 * 1024 + 150_000;
    const estimer = async () => {
      const fichiers = (await db.table('fichiers').toArray()) as { blob: Blob }[];
      return { quota, usage: fichiers.reduce((n, f) => n + f.blob.size, 0) };
    };
    const bilan = await stockerDocumentsHorsLigne(
      db,
      [controle('2026-11-24T07:00:00Z', [di('10'), di('11')], { odgRef: null, aopIgp: null })],
      {
        aujourdhui: AUJOURDHUI,
        estimer,
        telecharger: () => Promise.resolve(new Blob([new Uint8Array(100_000)])),
      },
    );
    // The first leaves 50 kB above the threshold; the second would go 50 kB below it.
    expect(bilan).toMatchObject({ stockes: 1, horsBudget: 1 });
    expect(await db.table('fichiers').toCollection().primaryKeys()).toEqual(['10']);
  });

  it('a failed file is counted, the others are kept; past DI go, the device own files stay', async () => {
    const db = await ouvrirBaseDeTest();
    const blob = new Blob(['x']);
    await db.table('fichiers').bulkPut([
      { id: '99', controleId: null, typeDocument: 'DI', fileName: 'old.pdf', blob, sync: true },
      {
        id: 'r1',
        controleId: '5',
        typeDocument: 'RAPPORT_AUDIT',
        fileName: 'RA.pdf',
        blob,
        sync: false,
      },
      { id: 'p1', controleId: null, typeDocument: 'PLANNING', fileName: 'p.pdf', blob, sync: true },
    ]);
    const bilan = await stockerDocumentsHorsLigne(
      db,
      [controle('2026-11-24T07:00:00Z', [di('10'), di('11')], { odgRef: null, aopIgp: null })],
      {
        aujourdhui: AUJOURDHUI,
        telecharger: (url) =>
          url.endsWith('/10')
            ? Promise.reject(new Error('404'))
            : Promise.resolve(new Blob(['%PDF'])),
      },
    );
    expect(bilan).toEqual({ stockes: 1, deja: 0, horsBudget: 0, echecs: 1, supprimes: 1 });
    expect((await db.table('fichiers').toCollection().primaryKeys()).sort()).toEqual([
      '11',
      'p1',
      'r1',
    ]);
  });
});

describe('lireImageStockee', () => {
  it('gives a PNG as a data URL, and nothing for a file pdfmake could not read', async () => {
    const db = await ouvrirBaseDeTest();
    await db.table('fichiers').bulkPut([
      {
        id: 'png',
        controleId: null,
        typeDocument: 'LOGO',
        fileName: 'l.png',
        blob: new Blob([PNG_1PX]),
        sync: true,
      },
      {
        id: 'svg',
        controleId: null,
        typeDocument: 'LOGO',
        fileName: 'l.svg',
        blob: new Blob(['<svg/>']),
        sync: true,
      },
    ]);
    expect(await lireImageStockee(db, 'png')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(await lireImageStockee(db, 'svg')).toBeNull();
    expect(await lireImageStockee(db, 'absent')).toBeNull();
  });
});
