import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ajouterJours,
  estDimancheParis,
  instantParis,
  joursAffiches,
  joursDepuisEpoque,
  jourParis,
  jourSemaineParis,
  joursSemaineTravail,
  lireDateSaisie,
  lundiDe,
  naviguer,
} from '.';

const jours = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('days in Europe/Paris', () => {
  it('reads the time on a Paris clock, winter and summer', () => {
    expect(instantParis('2026-11-24', '08:30')).toBe('2026-11-24T07:30:00.000Z');
    expect(instantParis('2026-07-01', '08:30')).toBe('2026-07-01T06:30:00.000Z');
  });

  it.each([
    ['2026-11-23', 1, '2026-11-23'],
    ['2026-11-22', 0, '2026-11-22'],
    // 23:30 UTC on Saturday is already Sunday in Paris, winter (UTC+1) and summer (UTC+2).
    ['2026-11-28T23:30:00Z', 0, '2026-11-29'],
    ['2026-06-27T22:30:00Z', 0, '2026-06-28'],
    ['2026-06-27T21:30:00Z', 6, '2026-06-27'],
    [new Date('2026-11-29T23:30:00Z'), 1, '2026-11-30'],
  ] as const)('%s → weekday %i, day %s', (date, jourSemaine, jour) => {
    expect(jourSemaineParis(date)).toBe(jourSemaine);
    expect(jourParis(date)).toBe(jour);
    expect(estDimancheParis(date)).toBe(jourSemaine === 0);
  });

  it('keeps a bare day on its own date whatever the season', () => {
    fc.assert(
      fc.property(jours, (jour) => {
        expect(jourParis(jour)).toBe(jour);
      }),
    );
  });
});

describe('typed dates dd/mm/yyyy or dd-mm-yyyy', () => {
  it.each([
    ['15/06/2026', { jour: 15, mois: 6, annee: 2026 }],
    ['15-06-2026', { jour: 15, mois: 6, annee: 2026 }],
    [' 1/2/2024 ', { jour: 1, mois: 2, annee: 2024 }],
    ['29/02/2024', { jour: 29, mois: 2, annee: 2024 }],
    ['29/02/2026', null],
    ['31/02/2026', null],
    ['31/04/2026', null],
    ['00/01/2026', null],
    ['12/13/2026', null],
    ['15/06-2026', null],
    ['2026-06-15', null],
    ['15.06.2026', null],
    ['', null],
  ])('%s → %j', (texte, attendu) => {
    expect(lireDateSaisie(texte)).toEqual(attendu);
  });

  it('reads every real date back to the same day, with either separator', () => {
    fc.assert(
      fc.property(jours, fc.constantFrom('/', '-'), (jour, sep) => {
        const [annee, mois, j] = jour.split('-');
        expect(lireDateSaisie(`${j}${sep}${mois}${sep}${annee}`)).toEqual({
          jour: Number(j),
          mois: Number(mois),
          annee: Number(annee),
        });
      }),
    );
  });

  it('refuses every day past the end of its month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2090 }), fc.integer({ min: 1, max: 12 }), (a, m) => {
        const dernier = new Date(Date.UTC(a, m, 0)).getUTCDate();
        expect(lireDateSaisie(`${dernier}/${m}/${a}`)).not.toBeNull();
        expect(lireDateSaisie(`${dernier + 1}/${m}/${a}`)).toBeNull();
      }),
    );
  });

  it('counts days since the epoch', () => {
    expect(joursDepuisEpoque({ jour: 1, mois: 1, annee: 1970 })).toBe(0);
    expect(joursDepuisEpoque({ jour: 2, mois: 1, annee: 1970 })).toBe(1);
    expect(
      joursDepuisEpoque({ jour: 1, mois: 3, annee: 2026 }) -
        joursDepuisEpoque({ jour: 1, mois: 2, annee: 2026 }),
    ).toBe(28);
  });
});

describe('the work week and its navigation', () => {
  it('shows Monday to Saturday in week view, the day itself in day view', () => {
    const semaine = [
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ];
    expect(joursAffiches('2026-11-25', 'WEEK')).toEqual(semaine);
    expect(joursSemaineTravail('2026-11-29')).toEqual(semaine);
    expect(joursAffiches('2026-11-25', 'DAY')).toEqual(['2026-11-25']);
  });

  it.each([
    ['2026-11-25', 'WEEK', 1, '2026-12-02'],
    ['2026-11-25', 'WEEK', -1, '2026-11-18'],
    ['2026-11-30', 'DAY', 1, '2026-12-01'],
    ['2026-03-01', 'DAY', -1, '2026-02-28'],
    ['2026-12-31', 'DAY', 1, '2027-01-01'],
  ] as const)('from %s in %s view, step %i → %s', (jour, affichage, sens, attendu) => {
    expect(naviguer(jour, affichage, sens)).toBe(attendu);
  });

  it('starts every week on a Monday no later than the day, six days before at most', () => {
    fc.assert(
      fc.property(jours, (jour) => {
        const lundi = lundiDe(jour);
        expect(jourSemaineParis(lundi)).toBe(1);
        expect(lundi <= jour && ajouterJours(lundi, 6) >= jour).toBe(true);
        expect(joursSemaineTravail(jour).map(jourSemaineParis)).toEqual([1, 2, 3, 4, 5, 6]);
      }),
    );
  });

  it('goes back where it came from', () => {
    fc.assert(
      fc.property(jours, fc.constantFrom('WEEK' as const, 'DAY' as const), (jour, affichage) => {
        expect(naviguer(naviguer(jour, affichage, 1), affichage, -1)).toBe(jour);
      }),
    );
  });
});
