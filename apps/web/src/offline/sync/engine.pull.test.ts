import type { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ouvrirBaseDeTest } from './base-de-test';
import { FLUX } from './entities';
import { lireMeta } from './meta';
import { ecrireLot } from './pull';
import { synchroniser } from './engine';
import { SynchroInterrompueError } from './errors';
import { modifierOperateur } from './modifications';
import { doc, feeds, serveur, vide } from './engine.test-helpers';
import type { SyncHttp } from './types';

let db: Dexie;
beforeEach(async () => {
  db = await ouvrirBaseDeTest();
});
afterEach(() => db.delete());

const run = (http: SyncHttp) => synchroniser({ db, http, buildId: 'b1', attenteMs: () => 0 });

describe('pull', () => {
  it('loops until a batch is shorter than the batch size, and resumes from the stored checkpoint', async () => {
    const annuaire = Array.from({ length: 450 }, (_, i) =>
      doc(String(i + 1), { raisonSociale: `GAEC ${i}` }),
    );
    const page = (params: URLSearchParams) => {
      const after = Number(params.get('id') ?? 0);
      const documents = annuaire
        .filter((d) => Number(d.id) > after)
        .slice(0, Number(params.get('batchSize')));
      const last = documents.at(-1);
      return { documents, checkpoint: last ? { id: last.id, lastSync: `x${last.id}` } : null };
    };
    const { http, appels } = serveur(feeds({ 'annuaire-morale': page }));
    const bilan = await run(http);
    expect(bilan.recus['annuaire-morale']).toBe(450);
    expect(await db.table('annuaire').count()).toBe(450);
    expect(appels.filter((a) => a.includes('annuaire-morale'))).toEqual([
      'GET /api/synchro/annuaire-morale?batchSize=200',
      'GET /api/synchro/annuaire-morale?batchSize=200&id=200&lastSync=x200',
      'GET /api/synchro/annuaire-morale?batchSize=200&id=400&lastSync=x400',
    ]);
    // Nothing after the stored checkpoint: one call for every feed tells so, no pull.
    const second = serveur(feeds({ 'annuaire-morale': page }));
    await run(second.http);
    expect(second.appels).toContain('POST /api/synchro/nouveautes');
    expect(second.appels.filter((a) => a.includes('annuaire-morale'))).toEqual([]);
    annuaire.push(doc('451'));
    const troisieme = serveur(feeds({ 'annuaire-morale': page }));
    await run(troisieme.http);
    expect(troisieme.appels.filter((a) => a.includes('annuaire-morale'))).toEqual([
      'GET /api/synchro/annuaire-morale?batchSize=200&id=450&lastSync=x450',
    ]);
    expect(await db.table('annuaire').count()).toBe(451);
  });

  it('never overwrites or deletes a local record holding unpushed work, and marks pulled ones synced', async () => {
    await db.table('annuaire').bulkPut([
      { id: '1', mail: 'ancien@exemple.fr', sync: true },
      { id: '2', sync: true },
    ]);
    await modifierOperateur(db, '1', { mail: 'nouveau@exemple.fr' });
    // The morale push fails for good: the edit must survive the pull that follows other steps.
    const handler = feeds({
      'annuaire-morale': () => ({
        documents: [doc('1', { mail: 'serveur@exemple.fr' }), { id: '2', _deleted: true }],
        checkpoint: { id: '2', lastSync: 'c' },
      }),
    });
    const { http } = serveur((path, body) =>
      path === '/api/synchro/morale' ? { resultats: [] } : handler(path, body),
    );
    await run(http);
    // Pushed first, then pulled: the server now has the edit, the device keeps it.
    expect(await db.table('annuaire').get('1')).toMatchObject({
      mail: 'serveur@exemple.fr',
      sync: true,
    });
    expect(await db.table('annuaire').get('2')).toBeUndefined();
  });

  it('leaves a record whose sync is false untouched by a pulled document or tombstone', async () => {
    await db.table('controles').bulkPut([
      { id: '5', statut: 'ANNULE', raisonAbandon: 'Absent', sync: false },
      { id: '6', statut: 'EN_COURS', sync: false },
    ]);
    const flux = FLUX.find((f) => f.table === 'controles')!;
    await ecrireLot(db, flux, {
      documents: [
        doc('5', { statut: 'PROGRAMME' }),
        { id: '6', _deleted: true },
        doc('7', { statut: 'PROGRAMME' }),
      ],
      checkpoint: { id: '7', lastSync: 'c7' },
    });
    expect(await db.table('controles').get('5')).toMatchObject({ statut: 'ANNULE', sync: false });
    expect(await db.table('controles').get('6')).toMatchObject({ statut: 'EN_COURS', sync: false });
    expect(await db.table('controles').get('7')).toMatchObject({ statut: 'PROGRAMME', sync: true });
  });

  it("reads a pulled control's grid and synthesis with the domain's schemas", async () => {
    const flux = FLUX.find((f) => f.table === 'controles')!;
    await ecrireLot(db, flux, {
      documents: [doc('8', { grille: {}, synthese: { '1': {} }, statut: 'EN_COURS' })],
      checkpoint: { id: '8', lastSync: 'c8' },
    });
    // Defaults filled where the grid enters the device: the form reads a whole Grille.
    expect(await db.table('controles').get('8')).toMatchObject({
      statut: 'EN_COURS',
      grille: { categories: [], groupesSysExploitation: [], manquements: [] },
      synthese: { '1': { audite: { signed: false }, auditeur: { signature: null } } },
    });
    const malforme = ecrireLot(db, flux, {
      documents: [doc('9', { grille: { categories: 'x' } })],
      checkpoint: { id: '9', lastSync: 'c9' },
    });
    await expect(malforme).rejects.toThrow();
    expect(await db.table('controles').get('9')).toBeUndefined();
    expect(await lireMeta(db, 'checkpoint:controle')).toEqual({ id: '8', lastSync: 'c8' });
  });

  it('keeps unpushed work when the push itself fails and the run stops', async () => {
    await db.table('annuaire').put({ id: '1', mail: 'ancien@exemple.fr', sync: true });
    await modifierOperateur(db, '1', { mail: 'nouveau@exemple.fr' });
    const handler = feeds({});
    const { http } = serveur((path, body) => {
      if (path === '/api/synchro/morale') throw new TypeError('Failed to fetch');
      return handler(path, body);
    });
    await expect(run(http)).rejects.toBeInstanceOf(SynchroInterrompueError);
    expect(await db.table('annuaire').get('1')).toMatchObject({
      mail: 'nouveau@exemple.fr',
      sync: false,
    });
  });
});

describe('rounds: the checkpoint presented is the receipt (issue 27 §6)', () => {
  it('the run that receives a round acknowledges it once written, and ends holding SYNCHRONISE', async () => {
    // The server's rule (feeds.service.ts): rounds served at or before the checkpoint presented
    // move from ATTENTE_SYNCHRO to SYNCHRONISE, and are served again with that status.
    const rondes = [{ id: '7', version: 1, statut: 'ATTENTE_SYNCHRO', xid: 1 }];
    let xid = 1;
    // What the device stored and what the server was told, in the order it happened.
    const journal: string[] = [];
    db.table<{ id: string }, string>('tournees').hook('creating', (cle) => {
      journal.push(`écrit ${cle}`);
    });
    const tournee = (params: URLSearchParams) => {
      const apres = Number(params.get('lastSync') ?? 0);
      if (apres > 0) {
        journal.push(`reçu jusqu'à ${String(apres)}`);
        for (const r of rondes)
          if (r.statut === 'ATTENTE_SYNCHRO' && r.xid <= apres)
            Object.assign(r, { statut: 'SYNCHRONISE', version: r.version + 1, xid: ++xid });
      }
      const servies = rondes.filter((r) => r.xid > apres);
      return {
        documents: servies.map(({ xid: _x, ...r }) => doc(r.id, r)),
        checkpoint: { id: '7', lastSync: String(servies.at(-1)?.xid ?? apres) },
      };
    };
    const { http, appels } = serveur(feeds({ tournee }));
    await run(http);
    expect(rondes[0]?.statut).toBe('SYNCHRONISE');
    // First the round, then the receipt (it was stored by then), then the round as moved.
    expect(appels.filter((a) => a.includes('/synchro/tournee'))).toEqual([
      'GET /api/synchro/tournee?batchSize=10',
      'GET /api/synchro/tournee?batchSize=10&id=7&lastSync=1',
      'GET /api/synchro/tournee?batchSize=10&id=7&lastSync=2',
    ]);
    expect(journal.slice(0, 2)).toEqual(['écrit 7', "reçu jusqu'à 1"]);
    expect(await db.table('tournees').get('7')).toMatchObject({ statut: 'SYNCHRONISE' });
    // Nothing new: the next run pulls no round.
    const second = serveur(feeds({ tournee }));
    await run(second.http);
    expect(second.appels.filter((a) => a.includes('/synchro/tournee'))).toEqual([]);
  });
});

describe('network dropped around a batch', () => {
  const batches = (params: URLSearchParams) => {
    const after = Number(params.get('id') ?? 0);
    if (after >= 30) return vide;
    const documents = Array.from({ length: 10 }, (_, i) => doc(String(after + i + 1)));
    return { documents, checkpoint: { id: String(after + 10), lastSync: `c${after + 10}` } };
  };

  it('after a batch and its checkpoint were written: the next run resumes after it', async () => {
    let calls = 0;
    const failing = feeds({
      controle: (p) => (++calls === 2 ? Promise.reject(new TypeError('offline')) : batches(p)),
    });
    const { http } = serveur((path, body) => failing(path, body));
    // The 2nd controle call fails once, then the retry succeeds: the run completes all 30.
    await run(http);
    expect(await db.table('controles').count()).toBe(30);
  });

  it('before the batch was written: nothing half-written, the next run asks the same batch again', async () => {
    let fail = true;
    const flaky = feeds({
      controle: (p) => {
        if (p.get('id') === '10' && fail) throw new TypeError('offline');
        return batches(p);
      },
    });
    const { http } = serveur((path, body) => flaky(path, body));
    await expect(run(http)).rejects.toBeInstanceOf(SynchroInterrompueError);
    expect(await db.table('controles').count()).toBe(10);
    expect(await lireMeta(db, 'checkpoint:controle')).toEqual({
      id: '10',
      lastSync: 'c10',
    });
    fail = false;
    const again = serveur((path, body) => flaky(path, body));
    await run(again.http);
    expect(again.appels.find((a) => a.includes('/controle?'))).toBe(
      'GET /api/synchro/controle?batchSize=10&id=10&lastSync=c10',
    );
    expect(await db.table('controles').count()).toBe(30);
  });
});
