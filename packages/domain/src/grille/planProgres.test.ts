import { describe, expect, it } from 'vitest';
import {
  erreurDateMesure,
  erreurDelai,
  erreursMesure,
  erreursPlanProgres,
  validerPlanProgres,
} from './planProgres';
import type { ManquementGrille } from './schemas';

const DATE = 'Utilisez une date valide (jj/mm/aaaa)';
const DELAI = 'Le délai ne peut pas être négatif';

const manquement = (
  key: string,
  correctives: Partial<ManquementGrille['saisie']['correctives']> = {},
  correctrices: Partial<ManquementGrille['saisie']['correctrices']> = {},
): Pick<ManquementGrille, 'key' | 'saisie'> => ({
  key,
  saisie: {
    informationsAuditeur: null,
    informationsAudite: null,
    correctives: { mesure: null, delai: null, date: null, ...correctives },
    correctrices: { mesure: null, delai: null, date: null, ...correctrices },
  },
});

describe('progress plan: delays', () => {
  it.each(['-3 mois', '−15 jours', ' - 2', '–1', '-0'])('refuses the negative delay %j', (d) => {
    expect(erreurDelai(d)).toBe(DELAI);
  });
  it.each([
    null,
    '',
    '   ',
    '3 mois',
    '15 jours',
    '0',
    'immédiat',
    'avant le 1er mars',
    '3-4 mois',
  ])('accepts %j', (d) => {
    expect(erreurDelai(d)).toBeNull();
  });
});

describe('progress plan: dates', () => {
  it.each(['31/02/2026', '29/02/2025', '2026-03-01', '12/13/2026', 'demain', '1e9', '01/01/26'])(
    'refuses %j',
    (d) => {
      expect(erreurDateMesure(d)).toBe(DATE);
    },
  );
  it.each([null, '', '29/02/2024', '01-03-2026', '1/3/2026', ' 15/06/2026 '])('accepts %j', (d) => {
    expect(erreurDateMesure(d)).toBeNull();
  });
});

describe('progress plan of a grid', () => {
  it('names each bad field with its manquement, measure and message', () => {
    const manquements = [
      manquement('TL-01-3', { delai: '3 mois', date: '15/06/2026' }),
      manquement('SC-01-3', { delai: '-1 mois' }, { date: '31/02/2026' }),
    ];
    expect(erreursMesure(manquements[1]!.saisie.correctives)).toEqual({ delai: DELAI });
    expect(erreursPlanProgres(manquements)).toEqual([
      { key: 'SC-01-3', index: 1, mesure: 'correctives', champ: 'delai', message: DELAI },
      { key: 'SC-01-3', index: 1, mesure: 'correctrices', champ: 'date', message: DATE },
    ]);
    expect(validerPlanProgres({ manquements })).toMatchObject({
      valide: false,
      message: 'Des dates ou des délais du plan de progrès ne sont pas valides',
    });
  });

  it('is valid with blank measures or none', () => {
    expect(validerPlanProgres({ manquements: [] })).toEqual({
      valide: true,
      erreurs: [],
      message: null,
    });
    expect(validerPlanProgres({ manquements: [manquement('a')] }).valide).toBe(true);
  });
});
