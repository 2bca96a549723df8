import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateurGraine, tirerAuSort } from './tirage';

describe('tirerAuSort', () => {
  it('gives the same draw for the same seed and list, another for another seed', () => {
    const liste = Array.from({ length: 500 }, (_, i) => i + 1);
    const a = tirerAuSort(liste, '0123456789abcdef', 20);
    expect(tirerAuSort(liste, '0123456789abcdef', 20)).toEqual(a);
    expect(tirerAuSort(liste, 'fedcba9876543210', 20)).not.toEqual(a);
  });

  it('pins the generator: a draw recorded today stays verifiable after any release', () => {
    const suivant = generateurGraine('abc123');
    expect([suivant(), suivant(), suivant()].map((x) => x.toFixed(6))).toEqual([
      '0.276250',
      '0.290546',
      '0.292738',
    ]);
    expect(tirerAuSort([10, 20, 30, 40, 50, 60, 70, 80], 'abc123', 3)).toEqual([30, 40, 20]);
  });

  it('draws distinct candidates of the list, never more than it holds', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { maxLength: 200 }),
        fc.stringMatching(/^[0-9a-f]{8,32}$/),
        fc.integer({ min: -5, max: 300 }),
        (liste, graine, nombre) => {
          const tires = tirerAuSort(liste, graine, nombre);
          expect(tires.length).toBe(Math.min(Math.max(0, nombre), liste.length));
          expect(new Set(tires).size).toBe(tires.length);
          for (const t of tires) expect(liste).toContain(t);
        },
      ),
    );
  });
});
