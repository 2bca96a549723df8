import { describe, expect, it } from 'vitest';
import { afficherJour, lireJour } from './jour';

describe('the office date field reads and shows jj/mm/aaaa', () => {
  it.each([
    ['02/03/2026', '2026-03-02'],
    ['2/3/2026', '2026-03-02'],
    [' 02-03-2026 ', '2026-03-02'],
    ['2026-03-02', '2026-03-02'],
    ['29/02/2024', '2024-02-29'],
    ['31/02/2026', null],
    ['29/02/2026', null],
    ['2026-02-30', null],
    ['03/02', null],
    ['02/03/26', null],
    ['', null],
    ['demain', null],
  ])('%j → %j', (texte, jour) => {
    expect(lireJour(texte)).toBe(jour);
  });

  it('shows a stored day as dd/mm/yyyy, nothing for none', () => {
    expect(afficherJour('2026-03-02')).toBe('02/03/2026');
    expect(afficherJour('')).toBe('');
    expect(afficherJour(null)).toBe('');
  });
});
