import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formaterDate,
  formaterDateLongue,
  formaterHeure,
  formaterJourMois,
  formaterPeriode,
  formaterSiret,
  formaterTelephone,
} from '.';

describe('display helpers', () => {
  it('groups a SIRET 3-3-3-5, and reading the digits back gives the SIRET', () => {
    expect(formaterSiret('77639468400029')).toBe('776 394 684 00029');
    expect(formaterSiret('123')).toBe('123');
    expect(formaterSiret(null)).toBe('');
    fc.assert(
      fc.property(fc.stringMatching(/^\d{14}$/), (siret) => {
        const affiche = formaterSiret(siret);
        expect(affiche.split(' ').map((g) => g.length)).toEqual([3, 3, 3, 5]);
        expect(affiche.replaceAll(' ', '')).toBe(siret);
      }),
    );
  });

  it.each([
    ['0450123456', '04.50.12.34.56'],
    ['04 50 12 34 56', '04.50.12.34.56'],
    ['+33450123456', '+33.4.50.12.34.56'],
    ['123', '123'],
    [null, ''],
  ])('phone %s → %s', (tel, expected) => {
    expect(formaterTelephone(tel)).toBe(expected);
  });

  it('shows usage periods as French day and month', () => {
    expect(formaterJourMois('06-15')).toBe('15 juin');
    expect(formaterJourMois('08-01')).toBe('1er août');
    expect(formaterJourMois('x')).toBe('');
    expect(formaterPeriode('06-15', '09-30')).toBe('du 15 juin au 30 septembre');
    expect(formaterPeriode(null, null)).toBe('');
  });

  it('shows dates and times in Europe/Paris', () => {
    expect(formaterDateLongue('2026-11-23T07:30:00Z')).toBe('lundi 23 novembre 2026');
    expect(formaterDate('2026-11-22T23:30:00Z')).toBe('23/11/2026');
    expect(formaterHeure('2026-11-23T07:30:00Z')).toBe('08:30');
    expect(formaterHeure('2026-07-01T07:30:00Z')).toBe('09:30');
  });
});
