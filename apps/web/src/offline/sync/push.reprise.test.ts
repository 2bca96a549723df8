import type { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PushControlesResponse } from '@estive/contracts';
import { ouvrirBaseDeTest } from './base-de-test';
import { synchroniser } from './engine';
import type { SyncHttp } from './types';

/**
 * Issue 29 item 4: a day's push (8 controls, each with its signed 300 kB report) sends each
 * report once, as bytes (multipart, no base64), one control per request; a link lost in the
 * middle, then restored, completes the push without sending again what the server acknowledged.
 * The scripted server below answers as the real one does (ACCEPTE, DOUBLON when resent), and
 * loses the requests sent while the link is cut (the device sees a network failure).
 */
let db: Dexie;
beforeEach(async () => {
  db = await ouvrirBaseDeTest();
});
afterEach(() => db.delete());

const RAPPORT = 300_000;
const CONTROLES = 8;

interface Envoi {
  controles: string[];
  documents: string[];
  /** Bytes of the request's parts: the `data` JSON and the files. */
  octets: number;
  acquitte: boolean;
}

function serveur() {
  const envois: Envoi[] = [];
  const crees = new Map<string, string>();
  let prochainId = 1000;
  let coupe = false;
  /** Cuts the link at the n-th push request (1-based), until `retablir`. */
  let coupureA = Infinity;
  const http: SyncHttp = {
    getJson: async (path: string) =>
      path.startsWith('/api/version')
        ? { sha: 'b1', current: true }
        : { documents: [], checkpoint: null },
    postJson: async (path: string) => (path === '/api/synchro/nouveautes' ? { entites: [] } : {}),
    postForm: async (_path: string, form: FormData) => {
      const data = form.get('data');
      if (typeof data !== 'string') throw new Error('partie data absente');
      const fichiers = form.getAll('documents').filter((f): f is File => f instanceof File);
      const corps = JSON.parse(data) as {
        newControles: { localId: string; clientUuid: string }[];
        controles: { localId: string }[];
        documents: { nom: string }[];
      };
      const envoi: Envoi = {
        controles: [...corps.newControles, ...corps.controles].map((c) => c.localId),
        documents: corps.documents.map((d) => d.nom),
        octets: new TextEncoder().encode(data).length + fichiers.reduce((s, f) => s + f.size, 0),
        acquitte: false,
      };
      envois.push(envoi);
      if (envois.length === coupureA) coupe = true;
      // The body went (in part) on the wire; nothing reached the server's inbox.
      if (coupe) throw new TypeError('Failed to fetch');
      const resultats = corps.newControles.map((c) => {
        const deja = crees.get(c.clientUuid);
        const id = deja ?? String(prochainId++);
        crees.set(c.clientUuid, id);
        return { localId: c.localId, id, version: 1, statut: deja ? 'DOUBLON' : 'ACCEPTE' };
      });
      envoi.acquitte = true;
      const reponse: PushControlesResponse = {
        resultats: resultats as PushControlesResponse['resultats'],
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
  return {
    http,
    envois,
    couperA: (n: number) => {
      coupureA = n;
    },
    retablir: () => {
      coupe = false;
      coupureA = Infinity;
    },
  };
}

const run = (http: SyncHttp) => synchroniser({ db, http, buildId: 'b1', attenteMs: () => 0 });

async function journeeDeControles() {
  for (let i = 0; i < CONTROLES; i++) {
    const id = `local-${String(500_001 + i)}`;
    await db.table('controles').put({
      id,
      version: 0,
      sync: false,
      toCreate: true,
      clientUuid: crypto.randomUUID(),
      statut: 'REALISE',
      synthese: { observations: 'Fromagerie visitée.' },
    });
    await db.table('fichiers').put({
      id: `${id}-rapport`,
      controleId: id,
      aopIgpId: '1',
      typeDocument: 'RAPPORT_AUDIT',
      fileName: `${id}.pdf`,
      sha256: String(i).padStart(64, 'a'),
      blob: new Blob([new Uint8Array(RAPPORT).fill(0x25)], { type: 'application/pdf' }),
      sync: false,
    });
  }
}

describe("a day's push, one control per request", () => {
  it('sends each report once, with its control alone, and the bytes are the files and little more', async () => {
    await journeeDeControles();
    const { http, envois } = serveur();
    const bilan = await run(http);

    expect(envois).toHaveLength(CONTROLES);
    expect(envois.every((e) => e.controles.length === 1 && e.documents.length === 1)).toBe(true);
    const documents = envois.flatMap((e) => e.documents);
    expect(new Set(documents).size).toBe(CONTROLES);
    const fichiers = CONTROLES * RAPPORT;
    const octets = envois.reduce((s, e) => s + e.octets, 0);
    expect(octets).toBeLessThanOrEqual(1.1 * fichiers + 50_000);
    expect(bilan.envoyes.controles).toBe(CONTROLES);
  });

  it('resumes after a link cut in the middle: nothing acknowledged is sent again', async () => {
    await journeeDeControles();
    const { http, envois, couperA, retablir } = serveur();
    // Cut at the 5th request, for longer than the run's retries: the run stops.
    couperA(5);
    await expect(run(http)).rejects.toThrow();
    const acquittes = envois.filter((e) => e.acquitte);
    expect(acquittes).toHaveLength(4);
    const controlesAcquittes = new Set(acquittes.flatMap((e) => e.controles));
    const documentsAcquittes = new Set(acquittes.flatMap((e) => e.documents));
    // What the server acknowledged is synced on the device, under its server id.
    const synchronises = await db
      .table<{ sync: boolean }>('controles')
      .filter((c) => c.sync)
      .toArray();
    expect(synchronises).toHaveLength(4);

    retablir();
    const avant = envois.length;
    await run(http);
    const reprise = envois.slice(avant);
    expect(reprise.length).toBe(CONTROLES - 4);
    expect(reprise.some((e) => e.controles.some((id) => controlesAcquittes.has(id)))).toBe(false);
    expect(reprise.some((e) => e.documents.some((nom) => documentsAcquittes.has(nom)))).toBe(false);
    // Every control is on the server once, every report synced on the device.
    const controles = await db.table('controles').toArray();
    expect(controles).toHaveLength(CONTROLES);
    expect(
      controles.every((c: { sync: boolean; id: string }) => c.sync && !c.id.startsWith('local-')),
    ).toBe(true);
    const fichiers = await db.table('fichiers').toArray();
    expect(fichiers.every((f: { sync: boolean }) => f.sync)).toBe(true);
    // Bytes over both runs: the files once, the one cut in the middle (and its retries) again.
    const octetsReprise = reprise.reduce((s, e) => s + e.octets, 0);
    expect(octetsReprise).toBeLessThanOrEqual(1.1 * (CONTROLES - 4) * RAPPORT + 50_000);
  });

  it('a cut shorter than the retries is resumed within the run, from the control under way', async () => {
    await journeeDeControles();
    const { http, envois, couperA, retablir } = serveur();
    couperA(3);
    const postForm = (path: string, form: FormData) => http.postForm(path, form);
    let pertes = 0;
    // The link comes back after two lost attempts.
    const lien: SyncHttp = {
      ...http,
      postForm: async (path, form) => {
        try {
          return await postForm(path, form);
        } catch (err) {
          if (++pertes === 2) retablir();
          throw err;
        }
      },
    };
    await run(lien);
    const documents = envois.filter((e) => e.acquitte).flatMap((e) => e.documents);
    expect(documents).toHaveLength(CONTROLES);
    expect(new Set(documents).size).toBe(CONTROLES);
    // Sent: 8 requests acknowledged, and the 3rd twice more while the link was down.
    expect(envois).toHaveLength(CONTROLES + 2);
    expect(
      envois.filter((e) => !e.acquitte).every((e) => e.controles[0] === envois[2]?.controles[0]),
    ).toBe(true);
  });
});
