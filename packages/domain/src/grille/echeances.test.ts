import { describe, expect, it } from 'vitest';
import { echeanceMesure, finDelai } from './echeances';

const mesure = (delai: string | null, date: string | null = null) => ({
  mesure: 'Réparer le tank',
  delai,
  date,
});

describe('echeanceMesure', () => {
  it('takes the typed date first, whatever the delay says', () => {
    expect(echeanceMesure(mesure('15 jours', '03/02/2027'), '2026-11-27')).toBe('2027-02-03');
    expect(echeanceMesure(mesure(null, '3-2-2027'), '2026-11-27')).toBe('2027-02-03');
  });

  it.each([
    ['15 jours', '2026-12-12'],
    ['1 jour', '2026-11-28'],
    ['3 semaines', '2026-12-18'],
    ['2 mois', '2027-01-27'],
    ['1 an', '2027-11-27'],
    ['  6 MOIS ', '2027-05-27'],
  ])('reads the delay %j from the control day', (delai, attendu) => {
    expect(echeanceMesure(mesure(delai), '2026-11-27')).toBe(attendu);
  });

  it('keeps the end of month: 31 January plus one month is the last day of February', () => {
    expect(finDelai('2027-01-31', '1 mois')).toBe('2027-02-28');
    expect(finDelai('2028-01-31', '1 mois')).toBe('2028-02-29');
  });

  it('gives no date for a delay in words, a blank one or an invalid typed date', () => {
    expect(echeanceMesure(mesure('avant la prochaine traite'), '2026-11-27')).toBeNull();
    expect(echeanceMesure(mesure(null), '2026-11-27')).toBeNull();
    expect(echeanceMesure(mesure(null, '31/02/2027'), '2026-11-27')).toBeNull();
  });
});
