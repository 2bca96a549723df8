import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { personneMorale } from '../db/schema';
import { AppError } from './errors';
import { motifContient, ordreDe, pageDe, parLots, parPages } from './paging';

describe('paging helpers', () => {
  const colonnes = { raisonSociale: personneMorale.raisonSociale, ville: personneMorale.ville };

  it('orders by the requested columns, then the default, then id', () => {
    const ordre = ordreDe(['ville,DESC', 'raisonSociale'], colonnes, [sql`1`], personneMorale.id);
    expect(ordre).toHaveLength(4);
  });

  it('refuses a column the search does not offer (400 on sort, never SQL)', () => {
    for (const champ of ['siret', 'constructor', '__proto__', 'toString']) {
      const e = (() => {
        try {
          ordreDe([`${champ},ASC`], colonnes, [], personneMorale.id);
        } catch (err) {
          return err;
        }
      })();
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).fieldErrors[0]?.field).toBe('sort');
    }
  });

  it('builds the Spring-like page', () => {
    expect(pageDe(['a'], 21, { page: 2, size: 10 })).toEqual({
      content: ['a'],
      totalElements: 21,
      totalPages: 3,
      number: 2,
      size: 10,
    });
  });

  it('reads a result in bounded batches until a short one', async () => {
    const appels: number[] = [];
    const lus: number[] = [];
    const donnees = Array.from({ length: 25 }, (_, i) => i);
    for await (const v of parLots(async (offset, limite) => {
      appels.push(offset);
      return donnees.slice(offset, offset + limite);
    }, 10))
      lus.push(v);
    expect(lus).toEqual(donnees);
    expect(appels).toEqual([0, 10, 20]);
  });

  it('reads a result a batch at a time, never yielding an empty batch', async () => {
    const rangs = Array.from({ length: 5 }, (_, i) => i);
    const lots = async (n: number) => {
      const vus: number[][] = [];
      for await (const l of parPages(
        async (o, lim) => Promise.resolve(rangs.slice(0, n).slice(o, o + lim)),
        2,
      ))
        vus.push(l);
      return vus;
    };
    expect(await lots(5)).toEqual([[0, 1], [2, 3], [4]]);
    expect(await lots(4)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(await lots(0)).toEqual([]);
  });

  it('escapes LIKE wildcards typed by the user', () => {
    expect(motifContient('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
