import { describe, expect, it } from 'vitest';
import { dateCourte, gps, lignesAdresse } from './affichage';

describe('affichage', () => {
  it('shows a date in Paris time', () => {
    expect(dateCourte('2026-06-02T23:30:00Z')).toBe('03/06/2026');
    expect(dateCourte(null)).toBe('');
  });
  it('shows coordinates only when both are known', () => {
    expect(gps(46.9, 5.8)).toBe('46.9, 5.8');
    expect(gps(46.9, null)).toBe('');
  });
  it('joins postcode and city and drops blank lines', () => {
    expect(
      lignesAdresse({
        adresse1: '1 rue du Lac',
        adresse2: '',
        codePostal: '25300',
        ville: 'Pontarlier',
      }),
    ).toEqual(['1 rue du Lac', '25300 Pontarlier']);
  });
});

import { jourMois, siret, telephone } from './affichage';

describe('formats', () => {
  it('groups a SIRET 3-3-3-5', () => expect(siret('12345678901234')).toBe('123 456 789 01234'));
  it('shows a phone as dotted pairs', () => expect(telephone('0381234567')).toBe('03.81.23.45.67'));
  it('shows a usage bound as day and French month', () => {
    expect(jourMois('--04-15')).toBe('15 avril');
    expect(jourMois('2026-08-01')).toBe('1er août');
    expect(jourMois('--13-40')).toBe('--13-40');
    expect(jourMois(null)).toBe('');
  });
});
