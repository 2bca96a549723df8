import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formaterDate,
  formaterDateHeure,
  formaterDateLongue,
  formaterHeure,
  formaterJourMois,
  formaterPeriode,
  formaterSiret,
  formaterTelephone,
} from '.';

describe('SIRET 3-3-3-5', () => {
  it.each([
    ['77639468400029', '776 394 684 00029'],
    ['776 394 684 00029', '776 394 684 00029'],
    ['123', '123'],
    [null, ''],
  ])('%s → %j', (siret, attendu) => {
    expect(formaterSiret(siret)).toBe(attendu);
  });

  it('groups every SIRET 3-3-3-5, and its digits read back the SIRET', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{14}$/), (siret) => {
        const affiche = formaterSiret(siret);
        expect(affiche.split(' ').map((g) => g.length)).toEqual([3, 3, 3, 5]);
        expect(affiche.replaceAll(' ', '')).toBe(siret);
        expect(formaterSiret(affiche)).toBe(affiche);
      }),
    );
  });
});

describe('phones in pairs separated by dots', () => {
  it.each([
    ['0450123456', '04.50.12.34.56'],
    ['04 50 12 34 56', '04.50.12.34.56'],
    ['04.50.12.34.56', '04.50.12.34.56'],
    ['+33450123456', '+33.4.50.12.34.56'],
    ['+33 4 50 12 34 56', '+33.4.50.12.34.56'],
    ['123', '123'],
    [undefined, ''],
  ])('%s → %j', (tel, attendu) => {
    expect(formaterTelephone(tel)).toBe(attendu);
  });

  it('keeps every digit of a national number, in order', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0\d{9}$/), (tel) => {
        const affiche = formaterTelephone(tel);
        expect(affiche).toMatch(/^\d{2}(\.\d{2}){4}$/);
        expect(affiche.replaceAll('.', '')).toBe(tel);
      }),
    );
  });
});

describe('usage periods as French day and month', () => {
  it.each([
    ['05-15', '15 mai'],
    ['06-15', '15 juin'],
    ['08-01', '1er août'],
    ['12-31', '31 décembre'],
    [{ jour: 15, mois: 5 }, '15 mai'],
    [{ jour: 1, mois: 2 }, '1er février'],
    ['13-01', ''],
    ['01-32', ''],
    ['x', ''],
    [null, ''],
  ])('%j → %j', (valeur, attendu) => {
    expect(formaterJourMois(valeur)).toBe(attendu);
  });

  it.each([
    ['06-15', '09-30', 'du 15 juin au 30 septembre'],
    ['06-15', null, 'à partir du 15 juin'],
    [null, '09-30', "jusqu'au 30 septembre"],
    [null, null, ''],
  ])('%s – %s → %j', (debut, fin, attendu) => {
    expect(formaterPeriode(debut, fin)).toBe(attendu);
  });
});

describe('dates and times in Europe/Paris', () => {
  it.each([
    ['2026-11-23T07:30:00Z', 'lundi 23 novembre 2026', '23/11/2026', '08:30'],
    ['2026-07-01T07:30:00Z', 'mercredi 1er juillet 2026', '01/07/2026', '09:30'],
    // Late on Sunday in UTC is already Monday in Paris.
    ['2026-11-22T23:30:00Z', 'lundi 23 novembre 2026', '23/11/2026', '00:30'],
  ])('%s → %j, %s, %s', (instant, longue, courte, heure) => {
    expect(formaterDateLongue(instant)).toBe(longue);
    expect(formaterDate(instant)).toBe(courte);
    expect(formaterHeure(new Date(instant))).toBe(heure);
    expect(formaterDateHeure(instant)).toBe(`${courte} ${heure}`);
  });
});
