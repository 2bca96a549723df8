import { describe, expect, it } from 'vitest';
import { messageFauteSyntaxe } from './fautes';
import { analyserFormule } from './syntaxe';

/** The French message of a formula that does not parse (what the settings form shows). */
const message = (formule: string): string => {
  const r = analyserFormule(formule);
  if (r.ok) throw new Error(`${formule} parses`);
  return messageFauteSyntaxe(r.faute);
};

describe('a formula syntax message names the fault (issue 32, item 5)', () => {
  it.each([
    ['(a1 + a2', 'Parenthèse fermante manquante après « (a1 + a2 »'],
    ['a1 * (a2 - (a3 + 1)', 'Parenthèse fermante manquante après « (a2 - (a3 + 1) »'],
    ['a1 + a2)', 'Parenthèse fermante « ) » sans parenthèse ouvrante à la position 8'],
    ['a1 ** a2', 'Opérateur inconnu « ** » à la position 4 : seuls + - * / sont admis'],
    ['a1 // 2', 'Opérateur inconnu « // » à la position 4 : seuls + - * / sont admis'],
    ['a1 ^ 2', 'Opérateur inconnu « ^ » à la position 4 : seuls + - * / sont admis'],
    ['a1 >= 2', 'Opérateur inconnu « >= » à la position 4 : seuls + - * / sont admis'],
    [
      'a1 + b2',
      'Terme inconnu « b2 » à la position 6 : seuls les codes des lignes (a1, a2…) et les nombres sont admis',
    ],
    [
      '12a3',
      'Terme inconnu « 12a3 » à la position 1 : seuls les codes des lignes (a1, a2…) et les nombres sont admis',
    ],
    [
      '* a1',
      'Opérateur « * » inattendu à la position 1 : un code, un nombre ou une parenthèse ouvrante est attendu',
    ],
    [
      'a1 + / a2',
      'Opérateur « / » inattendu à la position 6 : un code, un nombre ou une parenthèse ouvrante est attendu',
    ],
    [
      'a1 +',
      'Valeur manquante après « a1 + » : un code, un nombre ou une parenthèse ouvrante est attendu',
    ],
    [
      '(a1 - ) * 2',
      'Valeur manquante après « (a1 - » : un code, un nombre ou une parenthèse ouvrante est attendu',
    ],
    ['a1 a2', 'Opérateur manquant entre « a1 » et « a2 » à la position 4'],
    ['2(a1)', 'Opérateur manquant entre « 2 » et « ( » à la position 2'],
    ['(a1 a2)', 'Opérateur manquant entre « a1 » et « a2 » à la position 5'],
    ['()', 'Parenthèses vides à la position 1 : une valeur est attendue entre « ( » et « ) »'],
    [')', 'Parenthèse fermante « ) » sans parenthèse ouvrante à la position 1'],
    ['', 'La formule est vide'],
    ['   ', 'La formule est vide'],
  ])('%j: %s', (formule, attendu) => {
    expect(message(formule)).toBe(attendu);
  });

  it('cuts long quotes so the message stays readable under the field', () => {
    const longue = `(${Array.from({ length: 30 }, (_, k) => `a${String(k + 1)}`).join(' + ')}`;
    const m = message(longue);
    expect(m).toMatch(/^Parenthèse fermante manquante après « …/);
    expect(m).toContain('a30 »');
    expect(m.length).toBeLessThan(80);
    expect(message(`a1 + ${'b'.repeat(500)}`).length).toBeLessThan(140);
  });

  it('says a formula nested too deep without exhausting the stack', () => {
    expect(message('('.repeat(300) + 'a1' + ')'.repeat(300))).toBe(
      'La formule imbrique trop de parenthèses ou de signes (200 niveaux au plus)',
    );
    expect(message('-'.repeat(5000) + 'a1')).toMatch(/^La formule imbrique trop/);
  });

  it('the position in every fault points inside the formula (or just past its end)', () => {
    for (const f of ['a1 +', '(a1', 'a1 a2', 'a1 ** 2', 'x', '((a1)', 'a1 + ()', '-', '+ *']) {
      const r = analyserFormule(f);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.faute.position).toBeGreaterThanOrEqual(0);
        expect(r.faute.position).toBeLessThanOrEqual(f.length);
        expect(r.position).toBe(r.faute.position);
      }
    }
  });
});
