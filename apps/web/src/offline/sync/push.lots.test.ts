import type { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITES_PUSH, type PushControlesResponse } from '@estive/contracts';
import { ouvrirBaseDeTest } from './base-de-test';
import { synchroniser } from './engine';
import type { SyncHttp } from './types';

/**
 * Issue 13 item 3: a backlog larger than one request allows goes in several, each under
 * `LIMITES_PUSH`. The scripted server below refuses, as the real one does (413), any request over
 * a limit, and answers each control as the real one would (ACCEPTE, then DOUBLON when resent).
 */
let db: Dexie;
beforeEach(async () => {
  db = await ouvrirBaseDeTest();
});
afterEach(() => db.delete());

interface Requete {
  fichiers: number;
  octets: number;
  octetsData: number;
  controles: string[];
  documents: string[];
}

interface Entree {
  localId: string;
  clientUuid?: string;
}

function serveurAvecLimites() {
  const requetes: Requete[] = [];
  const crees = new Map<string, string>();
  let prochainId = 1000;
  const refuser = (message: string): Error => Object.assign(new Error(message), { status: 413 });
  const http: SyncHttp = {
    getJson: async (path: string) =>
      path.startsWith('/api/version')
        ? { sha: 'b1', current: true }
        : { documents: [], checkpoint: null },
    postJson: async (path: string) => (path === '/api/synchro/nouveautes' ? { entites: [] } : {}),
    postForm: async (path: string, form: FormData) => {
      expect(path).toBe('/api/synchro/controle');
      const data = form.get('data') as string;
      const fichiers = form.getAll('documents') as File[];
      const octetsData = new TextEncoder().encode(data).length;
      const octets = octetsData + fichiers.reduce((s, f) => s + f.size, 0);
      if (fichiers.length > LIMITES_PUSH.fichiers) throw refuser('Trop de fichiers');
      if (octetsData > LIMITES_PUSH.octetsData) throw refuser('data trop gros');
      if (octets > LIMITES_PUSH.octets) throw refuser('Requête trop volumineuse');
      const corps = JSON.parse(data) as {
        newControles: Entree[];
        controles: Entree[];
        documents: { nom: string }[];
      };
      requetes.push({
        fichiers: fichiers.length,
        octets,
        octetsData,
        controles: [...corps.newControles, ...corps.controles].map((c) => c.localId),
        documents: corps.documents.map((d) => d.nom),
      });
      const resultats = corps.newControles.map((c) => {
        const deja = crees.get(c.clientUuid ?? '');
        const id = deja ?? String(prochainId++);
        crees.set(c.clientUuid ?? '', id);
        return { localId: c.localId, id, version: 1, statut: deja ? 'DOUBLON' : 'ACCEPTE' };
      });
      const reponse: PushControlesResponse = {
        resultats: [
          ...resultats,
          ...corps.controles.map((c) => ({
            localId: c.localId,
            id: c.localId,
            version: 5,
            statut: 'ACCEPTE' as const,
          })),
        ] as PushControlesResponse['resultats'],
        // Temporary ids the server replaced: the device drops them.
        toRemove: resultats.map((r) => r.localId),
        documents: corps.documents.map((d, i) => ({
          nom: d.nom,
          id: String(i + 1),
          statut: 'ACCEPTE',
        })),
      };
      return reponse;
    },
  };
  return { http, requetes };
}

const run = (http: SyncHttp) => synchroniser({ db, http, buildId: 'b1', attenteMs: () => 0 });
const pdf = (octets: number) =>
  new Blob([new Uint8Array(octets).fill(0x25)], { type: 'application/pdf' });

async function fichier(id: string, controleId: string, octets: number) {
  await db.table('fichiers').put({
    id,
    controleId,
    aopIgpId: '1',
    typeDocument: 'RAPPORT_AUDIT',
    fileName: `${id}.pdf`,
    sha256: 'a'.repeat(64),
    blob: pdf(octets),
    sync: false,
  });
}

describe('push of a backlog in several requests under LIMITES_PUSH', () => {
  it('sends 90 unsynced controls, each with a 600 kB report and a signature, in requests under every limit', async () => {
    for (let i = 0; i < 90; i++) {
      const nouveau = i % 3 === 0;
      const id = nouveau ? `local-${String(500_001 + i)}` : String(i + 1);
      await db.table('controles').put({
        id,
        version: 4,
        sync: false,
        toCreate: nouveau,
        clientUuid: nouveau ? crypto.randomUUID() : undefined,
        statut: 'REALISE',
        synthese: { observations: 'é'.repeat(2_000) },
      });
      await fichier(`${id}-rapport`, id, 600_000);
      await fichier(`${id}-signature`, id, 20_000);
    }
    const { http, requetes } = serveurAvecLimites();
    const bilan = await run(http);

    // 180 files: at least 3 requests by count; 55.8 MB: at least 2 by bytes.
    expect(requetes.length).toBeGreaterThanOrEqual(3);
    for (const r of requetes) {
      expect(r.fichiers).toBeLessThanOrEqual(LIMITES_PUSH.fichiers);
      expect(r.octets).toBeLessThanOrEqual(LIMITES_PUSH.octets);
      expect(r.octetsData).toBeLessThanOrEqual(LIMITES_PUSH.octetsData);
    }
    const documents = requetes.flatMap((r) => r.documents);
    expect(documents).toHaveLength(180);
    expect(new Set(documents).size).toBe(180);
    expect(new Set(requetes.flatMap((r) => r.controles)).size).toBe(90);
    expect(bilan.envoyes.controles).toBe(90);

    const controles = await db.table('controles').toArray();
    expect(controles).toHaveLength(90);
    expect(controles.every((c: { sync: boolean }) => c.sync)).toBe(true);
    expect(controles.some((c: { id: string }) => c.id.startsWith('local-'))).toBe(false);
    const fichiers = await db.table('fichiers').toArray();
    expect(fichiers.every((f: { sync: boolean }) => f.sync)).toBe(true);
    const ids = new Set(controles.map((c: { id: string }) => c.id));
    expect(fichiers.every((f: { controleId: string }) => ids.has(f.controleId))).toBe(true);
  });

  it('sends a control whose files do not fit one request with each share of them, and keeps it until the last', async () => {
    const id = 'local-500001';
    await db.table('controles').put({
      id,
      version: 0,
      sync: false,
      toCreate: true,
      clientUuid: crypto.randomUUID(),
      statut: 'REALISE',
    });
    // 70 files of 1 MB: over the file count and over 50 MB.
    for (let i = 0; i < 70; i++) await fichier(`f${String(i).padStart(2, '0')}`, id, 1_000_000);
    const { http, requetes } = serveurAvecLimites();
    const bilan = await run(http);

    expect(requetes.length).toBeGreaterThanOrEqual(2);
    expect(requetes.every((r) => r.controles.length === 1 && r.controles[0] === id)).toBe(true);
    expect(requetes.flatMap((r) => r.documents).sort()).toEqual(
      Array.from({ length: 70 }, (_, i) => `f${String(i).padStart(2, '0')}`),
    );
    // One result for the control, its last: the bilan counts it once.
    expect(bilan.envoyes.controles).toBe(1);
    const controles = await db.table('controles').toArray();
    expect(controles).toMatchObject([{ id: '1000', sync: true, toCreate: false }]);
    const fichiers = await db.table('fichiers').toArray();
    expect(fichiers).toHaveLength(70);
    expect(
      fichiers.every(
        (f: { sync: boolean; controleId: string }) => f.sync && f.controleId === '1000',
      ),
    ).toBe(true);
  });
});
