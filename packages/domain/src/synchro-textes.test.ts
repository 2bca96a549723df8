import { describe, expect, it } from 'vitest';
import {
  avertissementDeconnexion,
  avertissementEffacement,
  decrireNonSynchronises,
  libelleBoutonSynchro,
} from './synchro-textes';

describe('libelleBoutonSynchro: the last sync date, or "Synchroniser vos données"', () => {
  it('before any sync', () => {
    expect(libelleBoutonSynchro(null)).toEqual({
      complet: 'Synchroniser vos données',
      court: 'Synchroniser',
    });
    expect(libelleBoutonSynchro('pas une date').complet).toBe('Synchroniser vos données');
  });

  it('after a sync: date and time in Paris, long and short', () => {
    // 23 November 2026, 07:30 UTC = 08:30 in Paris (winter time).
    expect(libelleBoutonSynchro('2026-11-23T07:30:00.000Z')).toEqual({
      complet: 'Synchronisé le 23/11/2026 à 08:30',
      court: '23/11 08:30',
    });
    // Summer time: 1 July 2026, 22:05 UTC = 2 July, 00:05 in Paris.
    expect(libelleBoutonSynchro(new Date('2026-07-01T22:05:00Z')).complet).toBe(
      'Synchronisé le 02/07/2026 à 00:05',
    );
  });
});

describe('unsynchronised work, counted in words', () => {
  const rien = { controles: 0, operateurs: 0, documents: 0 };

  it('nothing pending: no warning at all', () => {
    expect(decrireNonSynchronises(rien)).toBeNull();
    expect(avertissementDeconnexion(rien)).toBeNull();
    expect(avertissementEffacement(rien)).toBeNull();
  });

  it.each([
    [{ ...rien, controles: 1 }, '1 contrôle'],
    [{ ...rien, controles: 3 }, '3 contrôles'],
    [{ ...rien, operateurs: 1, documents: 2 }, '1 opérateur modifié et 2 documents'],
    [
      { controles: 2, operateurs: 3, documents: 1 },
      '2 contrôles, 3 opérateurs modifiés et 1 document',
    ],
  ])('%j → %s', (n, attendu) => {
    expect(decrireNonSynchronises(n)).toBe(attendu);
  });

  it('logout and wipe name the count, in agreement with it', () => {
    expect(avertissementDeconnexion({ ...rien, controles: 1 })).toMatch(
      /^Attention : 1 contrôle de cet appareil n'a pas encore été synchronisé\. Synchronisez avant de vous déconnecter/,
    );
    expect(avertissementEffacement({ ...rien, controles: 2, documents: 2 })).toBe(
      "2 contrôles et 2 documents de cet appareil n'ont pas encore été synchronisés. Ces données seront perdues définitivement.",
    );
  });
});
