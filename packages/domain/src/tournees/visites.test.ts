import { describe, expect, it } from 'vitest';
import { messageVisitesMemeHeure, visitesMemeHeure } from './visites';

// 12 June 2026 is a Friday; Paris is UTC+2 in summer.
const a = { cle: '1', raisonSociale: 'Fromagerie A', date: '2026-06-12T07:00:00.000Z' };
const b = { cle: '2', raisonSociale: 'Fruitière B', date: '2026-06-12T07:30:00.000Z' };
const c = { cle: '3', raisonSociale: 'GAEC C', date: '2026-06-12T08:00:00.000Z' };

describe('visitesMemeHeure', () => {
  it('pairs two visits less than an hour apart, both ways, not one an hour apart', () => {
    const r = visitesMemeHeure([a, b, c]);
    expect(r.get('1')).toEqual([b]);
    expect(r.get('2')).toEqual([a, c]);
    expect(r.get('3')).toEqual([b]);
    expect(visitesMemeHeure([a, c]).size).toBe(0);
  });

  it('checks against the controller’s other visits, and skips a visit without a date', () => {
    const autre = { cle: 'x', raisonSociale: null, date: '2026-06-12T07:00:00.000Z' };
    const sansDate = { cle: '4', raisonSociale: 'D', date: '' };
    const r = visitesMemeHeure([a, sansDate], [autre]);
    expect(r.get('1')).toEqual([autre]);
    expect(r.has('4')).toBe(false);
  });

  it('names each visit with its Paris day and time', () => {
    expect(messageVisitesMemeHeure([b])).toBe(
      'Le contrôleur a une autre visite à la même heure : Fruitière B le 12/06/2026 à 09:30',
    );
    expect(messageVisitesMemeHeure([b, { cle: 'x', raisonSociale: null, date: c.date }])).toBe(
      'Le contrôleur a d’autres visites à la même heure : Fruitière B le 12/06/2026 à 09:30 ; un contrôle d’un autre ODG le 12/06/2026 à 10:00',
    );
  });
});
