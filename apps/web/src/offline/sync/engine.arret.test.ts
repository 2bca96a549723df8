import type { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ouvrirBaseDeTest } from './base-de-test';
import { synchroniser } from './engine';
import { SynchroInterrompueError } from './errors';
import type { SyncHttp } from './types';

let db: Dexie;
beforeEach(async () => {
  db = await ouvrirBaseDeTest();
});
afterEach(() => db.delete());

/**
 * The directory feed always fails; the rounds feed pages 10 by 10 for a long time. Every call made
 * after the run has settled is recorded: a stopped run must not go on pulling and writing behind
 * the next one (it has released the lock by then).
 */
function serveur() {
  let termine = false;
  const tardifs: string[] = [];
  let tournees = 0;
  const http: SyncHttp = {
    getJson: async (path: string): Promise<unknown> => {
      if (termine) tardifs.push(path);
      if (path.startsWith('/api/version')) return { sha: 'b1', current: true };
      if (path.startsWith('/api/synchro/annuaire-morale')) throw new Error('réseau coupé');
      if (path.startsWith('/api/synchro/tournee?')) {
        // Each batch takes a few macrotasks, like a real answer.
        await new Promise((r) => setTimeout(r, 1));
        const debut = tournees;
        tournees += 10;
        const documents = Array.from({ length: 10 }, (_, i) => ({
          id: String(debut + i + 1),
          _deleted: false,
        }));
        return { documents, checkpoint: { id: String(tournees), lastSync: `x${tournees}` } };
      }
      return { documents: [], checkpoint: null };
    },
    postJson: async (path: string) =>
      path === '/api/synchro/nouveautes' ? { entites: [] } : undefined,
    postForm: async () => ({ resultats: [], toRemove: [], documents: [] }),
  };
  return {
    http,
    tardifs,
    terminer: () => {
      termine = true;
    },
  };
}

describe('a run stopped by failures', () => {
  it('stops its other feeds and ends only after their last write', async () => {
    const s = serveur();
    const resultat = synchroniser({ db, http: s.http, buildId: 'b1', attenteMs: () => 0 });
    await expect(resultat).rejects.toBeInstanceOf(SynchroInterrompueError);
    s.terminer();
    const ecritesALaFin = await db.table('tournees').count();
    // Give any feed still running every chance to call or write again.
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 2));
    expect(s.tardifs).toEqual([]);
    expect(await db.table('tournees').count()).toBe(ecritesALaFin);
    // What was written is whole: each batch with its checkpoint.
    const checkpoint = (await db.table('meta').get('checkpoint:tournee')) as
      { value: { id: string } } | undefined;
    expect(Number(checkpoint?.value.id ?? 0)).toBe(ecritesALaFin);
  });
});
