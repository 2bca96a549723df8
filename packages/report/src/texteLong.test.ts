import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estLong, morceaux, texteImprimable, valeurCellule, valeurLongue } from './texteLong';

const sansBlancs = (s: string) => s.replace(/\s+/g, '');

describe('texteLong', () => {
  it('keeps every character but the cut spaces, in pieces that each fit a page', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 6000 }), (texte) => {
        const parts = morceaux(texte);
        expect(sansBlancs(parts.join(''))).toBe(sansBlancs(texteImprimable(texte)));
        for (const m of parts) {
          expect(m.length).toBeLessThanOrEqual(900);
          expect(m.split('\n').length).toBeLessThanOrEqual(12);
        }
      }),
    );
  });

  it('cuts at a space rather than inside a word', () => {
    const texte = Array.from({ length: 400 }, (_, i) => `mot${i}`).join(' ');
    const parts = morceaux(texte);
    expect(parts.length).toBeGreaterThan(1);
    for (const m of parts) expect(m).toMatch(/^mot\d+( mot\d+)*$/);
  });

  it('sends a long or many-line text out of its cell, a short one stays', () => {
    expect(estLong('RAS')).toBe(false);
    expect(estLong('x'.repeat(241))).toBe(true);
    expect(estLong('a\nb\nc\nd\ne')).toBe(true);
  });

  it('sends a value longer than its narrow column to rows of its own, a short one stays', () => {
    expect(valeurCellule('')).toBe('–');
    expect(valeurCellule('1 950 kg/VL/an')).toBe('1 950 kg/VL/an');
    expect(valeurLongue('Montbéliarde et Simmental française')).toBe(false);
    const constat =
      'Clôture abîmée sur la parcelle nord, abreuvoir à nettoyer avant la mise à l’herbe';
    expect(valeurLongue(constat)).toBe(true);
    expect(valeurCellule(constat)).toBe('(voir ci-dessous)');
  });

  it('shows control characters and lone surrogates instead of losing them', () => {
    expect(texteImprimable('a\u0000b\r\nc\uDC00d\tℹ️😀')).toBe('a?b\nc?d\tℹ️😀');
  });

  it('lets a word longer than a line break every 30 characters', () => {
    const imprime = texteImprimable(`${'Z'.repeat(65)} court`);
    expect(imprime.split('\u200B').map((m) => m.length)).toEqual([30, 30, 11]);
  });
});
