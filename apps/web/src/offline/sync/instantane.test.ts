import type { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { ouvrirBaseDeTest } from './base-de-test';
import { synchroniser } from './engine';
import { SynchroInterrompueError } from './errors';
import { FLUX } from './entities';
import { CLE_INSTANTANE, lignesDe } from './instantane';
import { lireMeta } from './meta';
import { cleCheckpoint } from './pull';
import type { SyncHttp } from './types';

let db: Dexie;
beforeEach(async () => {
  db = await ouvrirBaseDeTest();
});
afterEach(() => db.delete());

const encodeur = new TextEncoder();

/** A stream of these byte chunks; `coupure` errors it after them (a link cut mid-body). */
function fluxDe(morceaux: Uint8Array[], coupure = false): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      for (const m of morceaux) c.enqueue(m);
      if (coupure) c.error(new TypeError('network error'));
      else c.close();
    },
  });
}

async function toutLire(flux: ReadableStream<Uint8Array>) {
  const lignes: string[] = [];
  for await (const l of lignesDe(flux)) lignes.push(l);
  return lignes;
}

describe('lignesDe', () => {
  it('gives each line whole, whatever the chunks cut (inside a line, inside a UTF-8 character)', async () => {
    const texte = '{"id":"1","nom":"Fromagerie Mélanie"}\n{"id":"2","nom":"Crémerie"}\n{"id":"3"}';
    const octets = encodeur.encode(texte);
    // Every cut point, including inside the two bytes of 'é'.
    for (let i = 1; i < octets.length; i++) {
      const lignes = await toutLire(fluxDe([octets.slice(0, i), octets.slice(i)]));
      expect(lignes).toEqual(texte.split('\n'));
    }
    expect(await toutLire(fluxDe([encodeur.encode('a\n\nb\n')]))).toEqual(['a', 'b']);
  });
});

const CLE = 'o1-10-0-0';
const CHECKPOINT = { id: '5000', lastSync: 'u3o1.10' };
const doc = (i: number) => ({ id: String(i), _deleted: false, raisonSociale: `GAEC ${i}` });
/** Three parts: 2,000 + 2,000 + 500 operators, one per line. */
const PARTIES = [0, 1, 2].map((p) =>
  Array.from({ length: p < 2 ? 2000 : 500 }, (_, i) => doc(p * 2000 + i + 1)),
);
const ndjson = (docs: object[]) =>
  encodeur.encode(docs.map((d) => `${JSON.stringify(d)}\n`).join(''));

/**
 * A scripted server with a snapshot: `partie(cle, n, essai)` answers a part's bytes (or throws),
 * every feed is empty after its checkpoint, `nouveautes` names nothing.
 */
function serveur(options: {
  cle?: () => string;
  partie?: (cle: string, n: number, essai: number) => ReadableStream<Uint8Array>;
  supprimes?: string[];
}) {
  const appels: string[] = [];
  const essais = new Map<string, number>();
  const http: SyncHttp = {
    getJson: async (chemin) => {
      appels.push(`GET ${chemin}`);
      if (chemin.startsWith('/api/version')) return { sha: 'b1', current: true };
      if (chemin === '/api/synchro/annuaire-morale/instantane')
        return {
          cle: options.cle?.() ?? CLE,
          parties: PARTIES.length,
          nombre: 4500,
          documents: [doc(9001)],
          checkpoint: CHECKPOINT,
        };
      return { documents: [], checkpoint: null };
    },
    postJson: async (chemin, corps) => {
      appels.push(`POST ${chemin}`);
      if (chemin === '/api/synchro/nouveautes')
        return {
          entites: [],
          ...((corps as { reCheckIds?: string[] }).reCheckIds
            ? { supprimes: options.supprimes ?? [] }
            : {}),
        };
      return {};
    },
    postForm: async () => ({}),
    getFlux: async (chemin) => {
      appels.push(`FLUX ${chemin}`);
      const [, cle = '', n = ''] = /instantane\/([^/]+)\/(\d+)$/.exec(chemin) ?? [];
      const essai = (essais.get(chemin) ?? 0) + 1;
      essais.set(chemin, essai);
      if (options.partie) return options.partie(decodeURIComponent(cle), Number(n), essai);
      return fluxDe([ndjson(PARTIES[Number(n)] ?? [])]);
    },
  };
  return { http, appels };
}

const run = (http: SyncHttp) => synchroniser({ db, http, buildId: 'b1', attenteMs: () => 0 });

describe('first sync from the directory snapshot', () => {
  it('writes every part as it arrives, then the checkpoint; the next run pulls the feed from it', async () => {
    const progres: number[] = [];
    const { http, appels } = serveur({});
    const bilan = await synchroniser({
      db,
      http,
      buildId: 'b1',
      attenteMs: () => 0,
      surProgres: (p) => {
        if (p.libelle === 'Annuaire des opérateurs') progres.push(p.recus);
      },
    });
    expect(bilan.recus['annuaire-morale']).toBe(4501);
    expect(await db.table('annuaire').count()).toBe(4501);
    expect(await lireMeta(db, cleCheckpoint('annuaire-morale'))).toEqual(CHECKPOINT);
    expect(await lireMeta(db, CLE_INSTANTANE)).toBeUndefined();
    expect(appels.filter((a) => a.startsWith('FLUX'))).toEqual(
      [0, 1, 2].map((n) => `FLUX /api/synchro/annuaire-morale/instantane/${CLE}/${n}`),
    );
    // The feed goes on from the snapshot's checkpoint.
    expect(appels).toContain(
      'GET /api/synchro/annuaire-morale?batchSize=200&id=5000&lastSync=u3o1.10',
    );
    // Progress in chunks, not once at the end.
    expect(progres.filter((n) => n > 0 && n < 4500).length).toBeGreaterThanOrEqual(4);

    const second = serveur({});
    await run(second.http);
    expect(second.appels.filter((a) => a.includes('instantane'))).toEqual([]);
  });

  it('a cut in the middle of a part: the next run resumes at that part, not at the first', async () => {
    const coupe = serveur({
      partie: (_cle, n) => {
        const octets = ndjson(PARTIES[n] ?? []);
        // Part 1 is cut after 1,500 of its lines, every time.
        return n === 1 ? fluxDe([octets.slice(0, octets.length * 0.75)], true) : fluxDe([octets]);
      },
    });
    await expect(run(coupe.http)).rejects.toBeInstanceOf(SynchroInterrompueError);
    expect(await lireMeta(db, CLE_INSTANTANE)).toEqual({ cle: CLE, faites: 1 });
    expect(await lireMeta(db, cleCheckpoint('annuaire-morale'))).toBeUndefined();
    const ecrits = await db.table('annuaire').count();
    expect(ecrits).toBeGreaterThanOrEqual(2000);

    const reprise = serveur({});
    await run(reprise.http);
    expect(reprise.appels.filter((a) => a.startsWith('FLUX'))).toEqual(
      [1, 2].map((n) => `FLUX /api/synchro/annuaire-morale/instantane/${CLE}/${n}`),
    );
    expect(await db.table('annuaire').count()).toBe(4501);
    expect(await lireMeta(db, cleCheckpoint('annuaire-morale'))).toEqual(CHECKPOINT);
  });

  it('asks for the next part while this one is still arriving, not a round trip after it', async () => {
    const ordre: string[] = [];
    const signal: { finirPremiere?: () => void } = {};
    const premiere = PARTIES[0] ?? [];
    const { http } = serveur({
      partie: (_cle, n) => {
        ordre.push(`demande ${String(n)}`);
        // Part 0's last lines come only once part 1 is asked for: asked after part 0's end,
        // part 1 would never be, and this run would not end.
        if (n === 1) signal.finirPremiere?.();
        if (n !== 0) return fluxDe([ndjson(PARTIES[n] ?? [])]);
        return new ReadableStream({
          start(c) {
            c.enqueue(ndjson(premiere.slice(0, 1000)));
            signal.finirPremiere = () => {
              c.enqueue(ndjson(premiere.slice(1000)));
              c.close();
              ordre.push('fin 0');
            };
          },
        });
      },
    });
    await run(http);
    expect(ordre).toEqual(['demande 0', 'demande 1', 'fin 0', 'demande 2']);
    expect(await db.table('annuaire').count()).toBe(4501);
  });

  it('a key gone stale (404) starts again from the manifest, with an empty directory', async () => {
    let version = 0;
    // The first snapshot has an operator that the second no longer has (he left the perimeter).
    PARTIES[0]?.splice(0, 1, doc(77_777));
    const { http, appels } = serveur({
      cle: () => `o1-${10 + version}-0-0`,
      partie: (cle, n) => {
        if (n === 1 && version === 0) {
          version = 1;
          PARTIES[0]?.splice(0, 1, doc(1));
          throw new ApiError(404, null);
        }
        expect(cle).toBe(`o1-${10 + version}-0-0`);
        return fluxDe([ndjson(PARTIES[n] ?? [])]);
      },
    });
    try {
      await run(http);
    } finally {
      PARTIES[0]?.splice(0, 1, doc(1));
    }
    expect(appels.filter((a) => a.endsWith('/instantane'))).toHaveLength(2);
    expect(await db.table('annuaire').get('77777')).toBeUndefined();
    expect(await db.table('annuaire').count()).toBe(4501);
  });
});

describe('a sync with nothing new', () => {
  it('is the version check and one nouveautes call, which also drops the controls gone', async () => {
    await db.table('controles').bulkPut([
      { id: '11', sync: true },
      { id: '12', sync: true },
    ]);
    const { http, appels } = serveur({ supprimes: ['12'] });
    // Every feed holds a checkpoint: nothing is pulled.
    for (const f of FLUX)
      await db.table('meta').put({ key: cleCheckpoint(f.entite), value: CHECKPOINT });
    await run(http);
    expect(appels).toEqual(['GET /api/version?sha=b1', 'POST /api/synchro/nouveautes']);
    expect(await db.table('controles').toCollection().primaryKeys()).toEqual(['11']);
  });
});
