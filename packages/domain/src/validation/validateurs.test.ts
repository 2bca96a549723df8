import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lireDateSaisie, jourSemaineParis, joursDepuisEpoque, jourParis } from './dates';
import * as v from './validateurs';

describe('generic validators, with the spec messages', () => {
  it.each([
    [v.obligatoire(''), 'Ce champ est obligatoire'],
    [v.obligatoire('  '), 'Ce champ est obligatoire'],
    [v.obligatoire([]), 'Ce champ est obligatoire'],
    [v.obligatoire(null), 'Ce champ est obligatoire'],
    [v.obligatoire(['a']), null],
    [v.obligatoire(0), null],
    [v.pourcentage('101'), 'Ce champ doit contenir une valeur entre 0 et 100'],
    [v.pourcentage(-1), 'Ce champ doit contenir une valeur entre 0 et 100'],
    [v.pourcentage('12,5'), null],
    [v.pourcentage('abc'), 'Ce champ doit contenir une valeur entre 0 et 100'],
    [v.pourcentage(''), null],
    [v.email('jean.bourgeois@exemple.fr'), null],
    [v.email(''), null],
    [v.email('jean@'), 'Utilisez un email valide'],
    [v.telephone('03 81 23 45 67'), null],
    [v.telephone('03.81.23.45.67'), null],
    [v.telephone('+33381234567'), null],
    [v.telephone('381234567'), 'Utilisez un numéro de téléphone valide'],
    [v.telephone('+3338123456'), 'Utilisez un numéro de téléphone valide'],
    [v.telephone(null), null],
    [v.codePostal('39800'), null],
    [v.codePostal('3980'), 'Utilisez un code postal valide'],
    [v.codePostal(undefined), null],
    [v.siret('77639468400029'), null],
    [v.siret('776 394 684 00029'), null],
    [v.siret('7763946840002'), 'Le numéro de siret doit comporter 14 chiffres'],
    [v.siret('7763946840002a'), 'Le numéro de siret doit comporter 14 chiffres'],
    [v.tailleFichier(4_999_999), null],
    [v.tailleFichier(5_000_000), 'Le fichier est trop gros (max 5Mo)'],
    [v.taillesFichiers([10, 4_999_999]), null],
    [v.taillesFichiers([10, 5_000_001]), 'Un des fichiers est trop gros (max 5Mo)'],
  ])('%#: %s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('control date and time', () => {
  it.each([
    ['2026-11-22', 'Contrôle impossible le dimanche'],
    ['2026-11-23', null],
    ['2026-11-28', null],
    ['', 'Ce champ est obligatoire'],
    // 23:30 UTC on Saturday is already Sunday in Paris: the Sunday rule is judged in Paris.
    ['2026-11-28T23:30:00Z', 'Contrôle impossible le dimanche'],
    ['2026-11-29T23:30:00Z', null],
  ])('date %s → %s', (date, expected) => {
    expect(v.dateControle(date)).toBe(expected);
  });

  it.each([
    ['08:30', null],
    ['08:35', null],
    ['08:32', 'Les minutes doivent être un multiple de 5'],
    ['8h30', 'Utilisez une heure valide (HH:mm)'],
    ['24:00', 'Utilisez une heure valide (HH:mm)'],
    ['', 'Ce champ est obligatoire'],
  ])('time %s → %s', (heure, expected) => {
    expect(v.heureControle(heure)).toBe(expected);
  });
});

describe('typed dates and decimals', () => {
  it.each([
    ['15/06/2026', { jour: 15, mois: 6, annee: 2026 }],
    ['15-06-2026', { jour: 15, mois: 6, annee: 2026 }],
    ['1/2/2024', { jour: 1, mois: 2, annee: 2024 }],
    ['29/02/2024', { jour: 29, mois: 2, annee: 2024 }],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['2026-06-15', null],
    ['15.06.2026', null],
  ])('%s → %j', (texte, expected) => {
    expect(lireDateSaisie(texte)).toEqual(expected);
  });

  it('reads real dates back to the same day (round trip)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        (d) => {
          const [jour, mois, annee] = [d.getUTCDate(), d.getUTCMonth() + 1, d.getUTCFullYear()];
          const texte = `${String(jour).padStart(2, '0')}/${String(mois).padStart(2, '0')}/${annee}`;
          expect(lireDateSaisie(texte)).toEqual({ jour, mois, annee });
        },
      ),
    );
  });

  it('counts days since the epoch', () => {
    expect(joursDepuisEpoque({ jour: 2, mois: 1, annee: 1970 })).toBe(1);
    expect(
      joursDepuisEpoque({ jour: 1, mois: 3, annee: 2026 }) -
        joursDepuisEpoque({ jour: 1, mois: 2, annee: 2026 }),
    ).toBe(28);
  });

  it.each([
    ['1,45', 1.45],
    ['1.45', 1.45],
    ['-3', -3],
    ['12', 12],
    ['1,2,3', null],
    ['abc', null],
    ['', null],
  ])('decimal %s → %s', (texte, expected) => {
    expect(v.lireDecimal(texte)).toBe(expected);
  });

  it.each([
    ['12', null],
    ['1,5', null],
    ['15/06/2026', null],
    ['31/02/2026', 'La valeur doit être un entier, un nombre à virgule ou une date (jj/mm/aaaa)'],
    ['douze', 'La valeur doit être un entier, un nombre à virgule ou une date (jj/mm/aaaa)'],
  ])('exploitation value %s → %s', (texte, expected) => {
    expect(v.valeurExploitation(texte)).toBe(expected);
  });

  it('judges weekdays and days in Europe/Paris', () => {
    expect(jourSemaineParis('2026-11-23')).toBe(1);
    expect(jourParis('2026-11-22T23:30:00Z')).toBe('2026-11-23');
    expect(v.dateSaisie('31/11/2026')).toBe('Utilisez une date valide (jj/mm/aaaa)');
    expect(v.dateSaisie('30/11/2026')).toBeNull();
  });
});

describe('zod schemas carry the same messages', () => {
  it('reports the spec message as the issue', () => {
    const r = v.schemasValidation.telephone.safeParse('12');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Utilisez un numéro de téléphone valide');
    expect(v.schemasValidation.heure.safeParse('10:05').success).toBe(true);
    expect(v.schemasValidation.dateControle.safeParse('2026-11-22').error?.issues[0]?.message).toBe(
      'Contrôle impossible le dimanche',
    );
    expect(
      v.schemasValidation.listeObligatoire(v.schemasValidation.obligatoire).safeParse([]).error
        ?.issues[0]?.message,
    ).toBe('Ce champ est obligatoire');
    expect(v.schemasValidation.email.safeParse('a@b.fr').success).toBe(true);
    expect(v.schemasValidation.codePostal.safeParse('1').success).toBe(false);
    expect(v.schemasValidation.siret.safeParse('77639468400029').success).toBe(true);
    expect(v.schemasValidation.dateSaisie.safeParse('01/01/2026').success).toBe(true);
    expect(v.schemasValidation.obligatoire.safeParse(' ').success).toBe(false);
  });
});
