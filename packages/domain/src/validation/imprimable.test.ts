import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  graphemesNonImprimables,
  morceauxParPolice,
  policeDeGrapheme,
  refusTexteRapport,
} from './imprimable';

describe('imprimable: what the audit report can print (issue 27 item 5)', () => {
  it('prints French text, HTML-looking text and typographic spaces without refusal', () => {
    for (const t of [
      'Œufs « frais » : 12,5 °C ± 0,2 — ½ l, 3 € ; ≤ 2 ‰',
      '<b>gras</b> & <script>alert(1)</script>',
      'Prix\u202f: 12\u00a0€', // narrow no-break space, as French keyboards type it
      'ligne 1\nligne 2\r\n\tretrait',
      'e\u0301 composé',
    ]) {
      expect(refusTexteRapport(t), t).toBeNull();
    }
  });

  it('prints emoji, their sequences and symbols in a fallback font', () => {
    expect(policeDeGrapheme('🐄')).toBe('NotoEmoji');
    expect(policeDeGrapheme('👍🏽')).toBe('NotoEmoji');
    expect(policeDeGrapheme('👨‍👩‍👧')).toBe('NotoEmoji');
    expect(policeDeGrapheme('❤️')).toBe('NotoEmoji');
    expect(policeDeGrapheme('🇫🇷')).toBe('NotoEmoji');
    expect(policeDeGrapheme('✓')).toBe('NotoSansSymbols2');
    expect(policeDeGrapheme('→')).toBe('NotoSansMath');
    expect(policeDeGrapheme('a')).toBe('Roboto');
    expect(refusTexteRapport('Vache 🐄 ✓ → 👍🏽 ❤️ 🇫🇷 ★ ⚠️')).toBeNull();
  });

  it('cuts a text into runs of one font that join back to the text', () => {
    const t = 'Salle ✓ propre 🧀🧀 fin → ok';
    const m = morceauxParPolice(t);
    expect(m.map((x) => x.texte).join('')).toBe(t);
    expect(m.map((x) => x.police)).toEqual([
      'Roboto',
      'NotoSansSymbols2',
      'Roboto',
      'NotoEmoji',
      'Roboto',
      'NotoSansMath',
      'Roboto',
    ]);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(
          morceauxParPolice(s)
            .map((x) => x.texte)
            .join(''),
        ).toBe(s);
      }),
    );
  });

  it('refuses bidi controls, controls, lone surrogates and undrawn scripts with a French message', () => {
    expect(refusTexteRapport('abc\u200fdef')).toBe(
      'Le rapport ne peut pas imprimer un caractère invisible (U+200F) : saisie refusée, retirez ce caractère.',
    );
    expect(refusTexteRapport('\u202eabc')).toContain('U+202E');
    expect(refusTexteRapport('a\u0000b')).toContain('U+0000');
    expect(refusTexteRapport('a\ud800b')).toContain('un caractère invisible (U+D800)');
    expect(refusTexteRapport('東京 ℃')).toBe(
      'Le rapport ne peut pas imprimer « 東 » (U+6771), « 京 » (U+4EAC), « ℃ » (U+2103) : saisie refusée, retirez ces caractères.',
    );
    expect(refusTexteRapport('שלום עולם')).toMatch(/et 2 autre\(s\)/);
    expect(graphemesNonImprimables('x\u200fy\u200fz')).toEqual(['\u200f']);
  });

  it('accepts a 3,000-character text quickly', () => {
    const long = 'Observation détaillée 🐄 ✓ → '.repeat(110).slice(0, 3000);
    const debut = Date.now();
    expect(refusTexteRapport(long)).toBeNull();
    expect(Date.now() - debut).toBeLessThan(200);
  });
});
