import { describe, expect, it } from 'vitest';
import { reglesNonRespectees } from './mot-de-passe';

describe('password rules', () => {
  it.each([
    ['Comté-2026-AOP!', []],
    ['court-A1!', ['longueur']],
    ['tout-minuscule-1!', ['majuscule']],
    ['TOUT-MAJUSCULE-1!', ['minuscule']],
    ['Sans-Chiffre-Ici!', ['chiffre']],
    ['SansSpecial12345', ['special']],
    ['', ['longueur', 'majuscule', 'minuscule', 'chiffre', 'special']],
  ])('%s breaks %j', (mdp, codes) => {
    expect(reglesNonRespectees(mdp).map((r) => r.code)).toEqual(codes);
  });

  it('counts characters, not UTF-16 units (accents and emoji are one each)', () => {
    expect(reglesNonRespectees('Éééééééé1!a').map((r) => r.code)).toEqual(['longueur']);
    expect(reglesNonRespectees('Éééééééé1!ab').map((r) => r.code)).toEqual([]);
  });
});
