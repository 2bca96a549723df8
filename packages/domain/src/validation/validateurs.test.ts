import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from './validateurs';

const OBLIGATOIRE = 'Ce champ est obligatoire';
const POURCENT = 'Ce champ doit contenir une valeur entre 0 et 100';
const EMAIL = 'Utilisez un email valide';
const TEL = 'Utilisez un numéro de téléphone valide';
const CP = 'Utilisez un code postal valide';
const SIRET = 'Le numéro de siret doit comporter 14 chiffres';
const DATE = 'Utilisez une date valide (jj/mm/aaaa)';
const EXPLOITATION =
  'La valeur doit être un nombre entier, un nombre à virgule ou une date (jj/mm/aaaa)';

describe('generic rules answer the spec message, or null', () => {
  it.each([
    ['obligatoire', v.obligatoire(''), OBLIGATOIRE],
    ['obligatoire', v.obligatoire('  '), OBLIGATOIRE],
    ['obligatoire', v.obligatoire(null), OBLIGATOIRE],
    ['obligatoire', v.obligatoire(undefined), OBLIGATOIRE],
    ['obligatoire', v.obligatoire([]), OBLIGATOIRE],
    ['obligatoire', v.obligatoire(['a']), null],
    ['obligatoire', v.obligatoire('a'), null],
    ['obligatoire', v.obligatoire(0), null],
    ['obligatoire', v.obligatoire(false), null],
    ['pourcentage', v.pourcentage('101'), POURCENT],
    ['pourcentage', v.pourcentage(-1), POURCENT],
    ['pourcentage', v.pourcentage(Number.NaN), POURCENT],
    ['pourcentage', v.pourcentage('abc'), POURCENT],
    ['pourcentage', v.pourcentage('12,5'), null],
    ['pourcentage', v.pourcentage(0), null],
    ['pourcentage', v.pourcentage(100), null],
    ['pourcentage', v.pourcentage(''), null],
    ['pourcentage', v.pourcentage(null), null],
    ['email', v.email('jean.bourgeois@exemple.fr'), null],
    ['email', v.email(''), null],
    ['email', v.email(undefined), null],
    ['email', v.email('jean@'), EMAIL],
    ['email', v.email('jean bourgeois@exemple.fr'), EMAIL],
    ['telephone', v.telephone('03 81 23 45 67'), null],
    ['telephone', v.telephone('03.81.23.45.67'), null],
    ['telephone', v.telephone('+33381234567'), null],
    ['telephone', v.telephone('+33 3 81 23 45 67'), null],
    ['telephone', v.telephone('381234567'), TEL],
    ['telephone', v.telephone('+3338123456'), TEL],
    ['telephone', v.telephone('03-81-23-45-67'), TEL],
    ['telephone', v.telephone(null), null],
    ['telephone', v.telephone(' '), null],
    ['codePostal', v.codePostal('39800'), null],
    ['codePostal', v.codePostal('3980'), CP],
    ['codePostal', v.codePostal('2A004'), CP],
    ['codePostal', v.codePostal(undefined), null],
    ['siret', v.siret('77639468400029'), null],
    ['siret', v.siret('776 394 684 00029'), null],
    ['siret', v.siret('7763946840002'), SIRET],
    ['siret', v.siret('7763946840002a'), SIRET],
    ['siret', v.siret(null), SIRET],
    ['tailleFichier', v.tailleFichier(4_999_999), null],
    ['tailleFichier', v.tailleFichier(5_000_000), 'Le fichier est trop gros (max 5Mo)'],
    ['taillesFichiers', v.taillesFichiers([]), null],
    ['taillesFichiers', v.taillesFichiers([10, 4_999_999]), null],
    [
      'taillesFichiers',
      v.taillesFichiers([10, 5_000_001]),
      'Un des fichiers est trop gros (max 5Mo)',
    ],
    ['dateSaisie', v.dateSaisie('30/11/2026'), null],
    ['dateSaisie', v.dateSaisie('31/11/2026'), DATE],
    ['dateSaisie', v.dateSaisie(''), null],
  ])('%s #%#', (_regle, resultat, attendu) => {
    expect(resultat).toBe(attendu);
  });

  it('sets the file limit at 5,000,000 bytes', () => {
    expect(v.TAILLE_MAX_FICHIER).toBe(5_000_000);
  });

  it('accepts every 0 + 9 digits or +cc + 9 digits phone, however it is spaced', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('0', '+33', '+41'),
        fc.stringMatching(/^\d{9}$/),
        fc.constantFrom('', ' ', '.'),
        (prefixe, numero, sep) => {
          expect(v.telephone(prefixe + (numero.match(/\d{1,2}/g) ?? []).join(sep))).toBeNull();
        },
      ),
    );
  });
});

describe('control date and time', () => {
  it.each([
    ['2026-11-22', 'Contrôle impossible le dimanche'],
    ['2026-11-23', null],
    ['2026-11-28', null],
    ['', OBLIGATOIRE],
    [null, OBLIGATOIRE],
    ['pas une date', DATE],
    // 23:30 UTC on Saturday is already Sunday in Paris: the rule is judged in Paris.
    ['2026-11-28T23:30:00Z', 'Contrôle impossible le dimanche'],
    ['2026-11-29T23:30:00Z', null],
    [new Date('2026-11-22T10:00:00Z'), 'Contrôle impossible le dimanche'],
  ])('date %s → %s', (date, attendu) => {
    expect(v.dateControle(date)).toBe(attendu);
  });

  // A deposited control is done already: not after today (Paris), not before 2000 (issue 32).
  it.each([
    ['2026-11-27T09:00:00Z', null],
    ['2026-11-28T09:00:00Z', 'La date ne peut pas être dans le futur'],
    // 23:30 UTC on the 27th is the 28th in Paris: tomorrow there.
    ['2026-11-27T23:30:00Z', 'La date ne peut pas être dans le futur'],
    ['2000-01-03T09:00:00Z', null],
    ['1999-12-31T09:00:00Z', 'La date doit être postérieure au 01/01/2000'],
    ['0202-03-04T09:00:00Z', 'La date doit être postérieure au 01/01/2000'],
    ['2026-11-22T10:00:00Z', 'Contrôle impossible le dimanche'],
    [null, OBLIGATOIRE],
  ])('date déposée %s → %s', (date, attendu) => {
    expect(v.dateControleDepose(date, '2026-11-27')).toBe(attendu);
  });

  it.each([
    ['08:30', null],
    ['08:35', null],
    ['00:00', null],
    ['23:55', null],
    ['08:32', 'Les minutes doivent être un multiple de 5'],
    ['8h30', 'Utilisez une heure valide (HH:mm)'],
    ['8:30', 'Utilisez une heure valide (HH:mm)'],
    ['24:00', 'Utilisez une heure valide (HH:mm)'],
    ['12:60', 'Utilisez une heure valide (HH:mm)'],
    ['', OBLIGATOIRE],
    [undefined, OBLIGATOIRE],
  ])('time %s → %s', (heure, attendu) => {
    expect(v.heureControle(heure)).toBe(attendu);
  });
});

describe('decimals and exploitation values', () => {
  it.each([
    ['1,45', 1.45],
    ['1.45', 1.45],
    [' -3 ', -3],
    ['+2', 2],
    ['12', 12],
    [',5', 0.5],
    ['1,2,3', null],
    ['1 000', null],
    ['abc', null],
    ['', null],
  ])('decimal %j → %s', (texte, attendu) => {
    expect(v.lireDecimal(texte)).toBe(attendu);
  });

  it('reads any decimal written with a comma as the same number written with a dot', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 999 }), (e, d) => {
        expect(v.lireDecimal(`${e},${d}`)).toBe(Number(`${e}.${d}`));
      }),
    );
  });

  it.each([
    ['12', null],
    ['1,5', null],
    ['1.5', null],
    ['15/06/2026', null],
    ['15-06-2026', null],
    ['', null],
    ['31/02/2026', EXPLOITATION],
    ['douze', EXPLOITATION],
  ])('exploitation value %j → %s', (texte, attendu) => {
    expect(v.valeurExploitation(texte)).toBe(attendu);
  });
});
