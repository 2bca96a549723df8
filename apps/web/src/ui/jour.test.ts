import { describe, expect, it } from 'vitest';
import { afficherJour, lireJour } from './jour';

// Which typed days exist is the domain's rule (lireDateSaisie, dates.test.ts); here, what the
// office field adds to it: the pasted ISO form, the stored form, and a refusal passed on.
describe('the office date field reads and shows jj/mm/aaaa', () => {
  it.each([
    ['2/3/2026', '2026-03-02'],
    [' 02-03-2026 ', '2026-03-02'],
    ['2026-03-02', '2026-03-02'],
    ['31/02/2026', null],
    ['2026-02-30', null],
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
