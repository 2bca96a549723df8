import { describe, expect, it } from 'vitest';
import { cacheParGeneration } from './cache-generation';

/** A source whose generation and listening the test moves by hand. */
function source() {
  const s = { gen: 0, ecoute: true };
  return { s, lue: { generation: () => s.gen, ecoute: () => s.ecoute } };
}

function chargeur() {
  let n = 0;
  return {
    charger: () => Promise.resolve(`v${++n}`),
    appels: () => n,
  };
}

describe('cacheParGeneration', () => {
  it('keeps a value while the generation stays, reloads once it moves', async () => {
    const { s, lue } = source();
    const c = chargeur();
    const cache = cacheParGeneration<string>(lue, { dureeMs: 60_000, max: 10 });
    expect(await cache.obtenir('a', c.charger)).toBe('v1');
    expect(await cache.obtenir('a', c.charger)).toBe('v1');
    expect(await cache.obtenir('b', c.charger)).toBe('v2');
    s.gen++;
    expect(await cache.obtenir('a', c.charger)).toBe('v3');
    expect(await cache.obtenir('a', c.charger)).toBe('v3');
    expect(cache.compteurs()).toEqual({ trouvees: 2, chargees: 3 });
  });

  it('does not keep a value read while a change was heard: the read may predate it', async () => {
    const { s, lue } = source();
    let n = 0;
    const cache = cacheParGeneration<string>(lue, { dureeMs: 60_000, max: 10 });
    const pendant = () => {
      // The write commits (and is heard) while the row is on its way.
      s.gen++;
      return Promise.resolve(`v${++n}`);
    };
    expect(await cache.obtenir('a', pendant)).toBe('v1');
    expect(await cache.obtenir('a', () => Promise.resolve(`v${++n}`))).toBe('v2');
    expect(await cache.obtenir('a', () => Promise.resolve('jamais'))).toBe('v2');
  });

  it('serves and keeps nothing while the process does not listen', async () => {
    const { s, lue } = source();
    const c = chargeur();
    const cache = cacheParGeneration<string>(lue, { dureeMs: 60_000, max: 10 });
    await cache.obtenir('a', c.charger);
    s.ecoute = false;
    expect(await cache.obtenir('a', c.charger)).toBe('v2');
    expect(await cache.obtenir('a', c.charger)).toBe('v3');
    // Listening again: what was kept before is not trusted (the generation is the same, but the
    // entry was deleted when read unheard).
    s.ecoute = true;
    expect(await cache.obtenir('a', c.charger)).toBe('v4');
    expect(await cache.obtenir('a', c.charger)).toBe('v4');
  });

  it('lets an entry go after its duration, and drops all past the maximum', async () => {
    const { lue } = source();
    const c = chargeur();
    let t = 0;
    const cache = cacheParGeneration<string>(lue, { dureeMs: 1_000, max: 2, maintenant: () => t });
    await cache.obtenir('a', c.charger);
    t = 999;
    expect(await cache.obtenir('a', c.charger)).toBe('v1');
    t = 1_000;
    expect(await cache.obtenir('a', c.charger)).toBe('v2');
    await cache.obtenir('b', c.charger); // v3
    await cache.obtenir('c', c.charger); // v4: past two keys, a and b are dropped
    expect(await cache.obtenir('c', c.charger)).toBe('v4');
    expect(await cache.obtenir('a', c.charger)).toBe('v5');
  });
});
