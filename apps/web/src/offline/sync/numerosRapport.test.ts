import type { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ouvrirBaseDeTest } from './base-de-test';
import { completerNumeros, numerosDisponibles, prendreNumeros } from './numerosRapport';
import type { SyncHttp } from './types';

let db: Dexie;
beforeEach(async () => {
  db = await ouvrirBaseDeTest();
});
afterEach(() => db.delete());

/** A server that reserves consecutive numbers from `depart`, recording each requested count. */
function serveur(depart: number, odgId = '1') {
  const demandes: number[] = [];
  let suivant = depart;
  const http: SyncHttp = {
    getJson: () => Promise.reject(new Error('inattendu')),
    postForm: () => Promise.reject(new Error('inattendu')),
    postJson: (path: string, body: unknown) => {
      expect(path).toBe('/api/synchro/numeros-rapport');
      const { nombre } = body as { nombre: number };
      demandes.push(nombre);
      const numeros = Array.from({ length: nombre }, () => String(suivant++));
      return Promise.resolve({ odgId, numeros });
    },
  };
  return { http, demandes };
}

describe('report numbers reserved for the device', () => {
  it('tops the block up to 20, then asks only for what was taken', async () => {
    const { http, demandes } = serveur(100);
    await completerNumeros(db, http, '1');
    expect(await numerosDisponibles(db, '1')).toHaveLength(20);
    expect(await prendreNumeros(db, '1', 3)).toEqual(['100', '101', '102']);
    await completerNumeros(db, http, '1');
    expect(demandes).toEqual([20, 3]);
    const bloc = await numerosDisponibles(db, '1');
    expect(bloc).toHaveLength(20);
    expect(bloc).not.toContain('100');
    expect(bloc.at(-1)).toBe('122');
  });

  it('never gives a number twice, and refuses when the block is short', async () => {
    const { http } = serveur(7);
    await completerNumeros(db, http, '1');
    const pris = [
      ...((await prendreNumeros(db, '1', 15)) ?? []),
      ...((await prendreNumeros(db, '1', 5)) ?? []),
    ];
    expect(new Set(pris).size).toBe(20);
    expect(await prendreNumeros(db, '1', 1)).toBeNull();
    expect(await prendreNumeros(db, '2', 1)).toBeNull();
  });

  it('keeps the block as it was when the server cannot be reached', async () => {
    const { http } = serveur(1);
    await completerNumeros(db, http, '1');
    await prendreNumeros(db, '1', 2);
    const horsLigne: SyncHttp = {
      ...http,
      postJson: () => Promise.reject(new TypeError('réseau')),
    };
    await completerNumeros(db, horsLigne, '1');
    expect(await numerosDisponibles(db, '1')).toHaveLength(18);
  });
});
