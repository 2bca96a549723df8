import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ouvrirBaseDeTest } from './base-de-test';
import { lireMeta } from './meta';
import { idsNonSynchronises } from './nonSynchronises';
import { synchroniser } from './engine';
import { VersionObsoleteError } from './errors';
import { feeds, serveur, vide } from './engine.test-helpers';
import type { SyncHttp } from './types';

let db: Dexie;
beforeEach(async () => {
  db = await ouvrirBaseDeTest();
});
afterEach(() => db.delete());

const run = (http: SyncHttp) => synchroniser({ db, http, buildId: 'b1', attenteMs: () => 0 });

describe('run', () => {
  it('stops before pushing anything when the app is outdated', async () => {
    await db.table('controles').put({ id: '7', sync: false, statut: 'ANNULE' });
    const { http, appels } = serveur((path) =>
      path.startsWith('/api/version') ? { sha: 'b2', current: false } : vide,
    );
    await expect(run(http)).rejects.toBeInstanceOf(VersionObsoleteError);
    expect(appels).toEqual(['GET /api/version?sha=b1']);
  });

  it('stops with the spec message after more than 3 failed calls', async () => {
    const { http, appels } = serveur(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(run(http)).rejects.toThrow('Une erreur est survenue pendant la synchronisation');
    expect(appels).toHaveLength(4);
  });

  it('records the date of the last successful run', async () => {
    const { http } = serveur(feeds({}));
    await run(http);
    expect(await lireMeta(db, 'derniereSynchro')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('push of controls', () => {
  it('sends new controls by clientUuid and edited ones with their baseVersion, then applies each result', async () => {
    await db.table('controles').bulkPut([
      { id: 'local-500001', clientUuid: 'u-1', toCreate: true, sync: false, statut: 'EN_COURS' },
      { id: '12', version: 3, sync: false, statut: 'ANNULE', raisonAbandon: 'Exploitant absent' },
      { id: '13', version: 1, sync: false, statut: 'EN_COURS' },
      { id: '14', version: 1, sync: true, statut: 'PROGRAMME' },
    ]);
    let sent:
      | {
          newControles: { localId: string; clientUuid: string }[];
          controles: { localId: string; baseVersion: number }[];
        }
      | undefined;
    const handler = feeds({});
    const { http } = serveur((path, body) => {
      if (path === '/api/synchro/controle') {
        sent = body as typeof sent;
        return {
          resultats: [
            { localId: 'local-500001', id: '901', version: 1, statut: 'ACCEPTE' },
            { localId: '12', id: '12', version: 4, statut: 'CONFLIT' },
            {
              localId: '13',
              id: '13',
              version: 1,
              statut: 'REJETE',
              message: 'Contrôle hors périmètre',
            },
          ],
          toRemove: ['local-500001', '13'],
          documents: [],
        };
      }
      return handler(path, body);
    });
    const bilan = await run(http);
    expect(sent!.newControles.map((c) => [c.localId, c.clientUuid])).toEqual([
      ['local-500001', 'u-1'],
    ]);
    expect(sent!.controles.map((c) => [c.localId, c.baseVersion])).toEqual([
      ['12', 3],
      ['13', 1],
    ]);
    expect(await db.table('controles').get('local-500001')).toBeUndefined();
    expect(await db.table('controles').get('901')).toMatchObject({
      sync: true,
      toCreate: false,
      clientUuid: 'u-1',
    });
    expect(await db.table('controles').get('12')).toMatchObject({
      sync: true,
      conflit: true,
      raisonAbandon: 'Exploitant absent',
    });
    // Refused: the device keeps its entry, unsynced, and the card can say why.
    expect(await db.table('controles').get('13')).toMatchObject({
      sync: false,
      rejet: 'Contrôle hors périmètre',
    });
    expect(await db.table('controles').get('901')).toMatchObject({ rejet: null });
    expect(bilan.conflits).toBe(1);
    expect(bilan.rejets).toEqual([{ id: '13', message: 'Contrôle hors périmètre' }]);
    // Acknowledged (accepted or in conflict) ones leave the unsynced list; the refused one stays.
    expect(await idsNonSynchronises(db)).toEqual(['13']);
  });

  it('finds what to send in the list kept in meta, not by reading the controls', async () => {
    await db.table('controles').bulkPut([
      { id: '30', version: 1, sync: false, statut: 'EN_COURS' },
      { id: '31', version: 1, sync: true, statut: 'PROGRAMME' },
    ]);
    // Written behind the list's back (a store without its middleware): never looked at.
    const brute = new Dexie(db.name);
    await brute.open(); // no schema declared: Dexie opens the store as it is
    await brute.table('controles').put({ id: '32', version: 1, sync: false, statut: 'EN_COURS' });
    brute.close();
    let envoyes: string[] = [];
    const handler = feeds({});
    const { http } = serveur((path, body) => {
      if (path !== '/api/synchro/controle') return handler(path, body);
      envoyes = (body as { controles: { localId: string }[] }).controles.map((c) => c.localId);
      return {
        resultats: [{ localId: '30', id: '30', version: 2, statut: 'ACCEPTE' }],
        toRemove: [],
        documents: [],
      };
    });
    await run(http);
    expect(envoyes).toEqual(['30']);
    expect(await idsNonSynchronises(db)).toEqual([]);
  });
});

describe('push of documents', () => {
  it('keeps a file the server refused unsynced, to be sent again, and marks the accepted one sent', async () => {
    await db.table('controles').put({ id: '20', version: 2, sync: false, statut: 'REALISE' });
    const pdf = (texte: string) => new Blob([texte], { type: 'application/pdf' });
    await db.table('fichiers').bulkPut([
      {
        id: 'f-ok',
        controleId: '20',
        aopIgpId: '1',
        typeDocument: 'RAPPORT_AUDIT',
        fileName: 'RA.pdf',
        sha256: 'a'.repeat(64),
        blob: pdf('ok'),
        sync: false,
      },
      {
        id: 'f-ko',
        controleId: '20',
        aopIgpId: '2',
        typeDocument: 'RAPPORT_AUDIT',
        fileName: 'RB.pdf',
        sha256: 'b'.repeat(64),
        blob: pdf('ko'),
        sync: false,
      },
    ]);
    const handler = feeds({});
    const { http } = serveur((path, body) =>
      path === '/api/synchro/controle'
        ? {
            resultats: [{ localId: '20', id: '20', version: 3, statut: 'ACCEPTE' }],
            toRemove: [],
            documents: [
              { nom: 'f-ok', id: '77', statut: 'ACCEPTE' },
              { nom: 'f-ko', id: null, statut: 'REJETE', message: 'Empreinte sha256 différente' },
            ],
          }
        : handler(path, body),
    );
    await run(http);
    expect(await db.table('fichiers').get('f-ok')).toMatchObject({ sync: true });
    expect(await db.table('fichiers').get('f-ko')).toMatchObject({ sync: false });
    expect(await db.table('controles').get('20')).toMatchObject({ sync: true, version: 3 });
  });
});
