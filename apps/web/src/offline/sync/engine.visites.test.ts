import type { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ouvrirBaseDeTest } from './base-de-test';
import { synchroniser } from './engine';
import { doc, feeds, serveur } from './engine.test-helpers';

let db: Dexie;
beforeEach(async () => {
  db = await ouvrirBaseDeTest();
});
afterEach(() => db.delete());

/**
 * On a mobile link the directory is most of a first sync: what does not depend on it — the report
 * numbers, the files of the coming visits — goes beside it, not after it (issue 29 item 2).
 */
describe('beside the directory', () => {
  it("fetches the visits' files once controls and rounds are in, and ends once they are kept", async () => {
    const signal: { visitesRecues?: () => void } = {};
    const attente = new Promise<void>((fin) => {
      signal.visitesRecues = fin;
    });
    // The directory's second batch waits until the visits' files are asked for: were they asked
    // only after every feed, this run would never end.
    const annuaire = async (params: URLSearchParams) => {
      if (params.get('id') === null) {
        const documents = Array.from({ length: 200 }, (_, i) => doc(String(i + 1)));
        return { documents, checkpoint: { id: '200', lastSync: 'a200' } };
      }
      await attente;
      return { documents: [doc('201')], checkpoint: { id: '201', lastSync: 'a201' } };
    };
    const controle = () => ({
      documents: [doc('c1', { statut: 'PROGRAMME', date: '2026-11-30T07:00:00Z' })],
      checkpoint: { id: 'c1', lastSync: 'c1' },
    });
    const { http, appels } = serveur(feeds({ 'annuaire-morale': annuaire, controle }));
    const ordre: string[] = [];
    const bilan = await synchroniser({
      db,
      http,
      buildId: 'b1',
      odgId: '1',
      attenteMs: () => 0,
      surVisitesRecues: async () => {
        ordre.push(`visites : ${String(await db.table('controles').count())} contrôle`);
        signal.visitesRecues?.();
        await new Promise((fin) => setTimeout(fin, 20));
        ordre.push('fichiers gardés');
      },
    });
    ordre.push('fin');
    expect(ordre).toEqual(['visites : 1 contrôle', 'fichiers gardés', 'fin']);
    expect(bilan.recus['annuaire-morale']).toBe(201);
    // The report numbers are asked for before the directory's last batch, not after it.
    const numeros = appels.indexOf('POST /api/synchro/numeros-rapport');
    const dernierLot = appels.findIndex((a) => a.includes('annuaire-morale?batchSize=200&id=200'));
    expect(numeros).toBeGreaterThan(-1);
    expect(numeros).toBeLessThan(dernierLot);
  });

  it('a run that fails ends only once the files asked for are kept', async () => {
    const ordre: string[] = [];
    const { http } = serveur(
      feeds({
        'annuaire-morale': () => {
          throw new Error('réseau coupé');
        },
      }),
    );
    await expect(
      synchroniser({
        db,
        http,
        buildId: 'b1',
        attenteMs: () => 0,
        surVisitesRecues: async () => {
          await new Promise((fin) => setTimeout(fin, 30));
          ordre.push('fichiers gardés');
        },
      }),
    ).rejects.toThrow();
    ordre.push('fin');
    expect(ordre).toEqual(['fichiers gardés', 'fin']);
  });

  it('a fresh device asks no news and starts with the directory, then the visits', async () => {
    const { http, appels } = serveur(feeds({}));
    await synchroniser({ db, http, buildId: 'b1', attenteMs: () => 0 });
    expect(appels).not.toContain('POST /api/synchro/nouveautes');
    expect(appels.slice(0, 4)).toEqual([
      'GET /api/version?sha=b1',
      'GET /api/synchro/annuaire-morale?batchSize=200',
      'GET /api/synchro/tournee?batchSize=10',
      'GET /api/synchro/controle?batchSize=10',
    ]);
    // Once it holds checkpoints, one call says what moved: engine.pull.test.ts.
  });
});
