import { describe, expect, it } from 'vitest';
import { patchCoordonnees, schemaCoordonnees } from './coordonnees';

const valide = { telephone1: '', telephone2: '', mail: '', siteWeb: '' };
const erreurs = (v: Partial<typeof valide>) =>
  schemaCoordonnees.safeParse({ ...valide, ...v }).error?.issues.map((i) => i.message) ?? [];

describe('coordonnees', () => {
  it.each(['', '0381234567', '03.81.23.45.67', '+33381234567'])('accepts phone %s', (t) =>
    expect(erreurs({ telephone1: t })).toEqual([]),
  );
  it.each(['12', '038123456', '+3338123456'])('refuses phone %s', (t) =>
    expect(erreurs({ telephone2: t })).toEqual(['Utilisez un numéro de téléphone valide']),
  );
  it('checks the e-mail', () =>
    expect(erreurs({ mail: 'x@' })).toEqual(['Utilisez un email valide']));
  it('refuses in the e-mail what the report cannot print (issue 27 item 5)', () => {
    expect(erreurs({ mail: 'élevage🐄@exemple.fr' })).toEqual([]);
    expect(erreurs({ mail: 'a\u200f@exemple.fr' })).toEqual([
      'Le rapport ne peut pas imprimer un caractère invisible (U+200F) : saisie refusée, retirez ce caractère.',
    ]);
  });
  it('refuses a phone with a direction mark', () =>
    expect(erreurs({ telephone1: '0381234567\u200f' })).toEqual([
      'Utilisez un numéro de téléphone valide',
    ]));
  it('stores phones without dots and blanks as null', () =>
    expect(patchCoordonnees({ ...valide, telephone1: '03.81.23.45.67' })).toEqual({
      telephone1: '0381234567',
      telephone2: null,
      mail: null,
      siteWeb: null,
    }));
});
