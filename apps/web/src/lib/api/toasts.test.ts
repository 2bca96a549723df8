import { describe, expect, it } from 'vitest';
import { cheminFormulaire } from './toasts';

describe('cheminFormulaire', () => {
  it('turns server field names into react-hook-form paths', () => {
    expect(cheminFormulaire('controles[0].siteId')).toBe('controles.0.siteId');
    expect(cheminFormulaire('date[125]')).toBe('date.125');
    expect(cheminFormulaire('telephone1')).toBe('telephone1');
  });
});

describe('messagesDeValidation', () => {
  it('reads the French messages of a refused input, global ones first, once each', async () => {
    const { ApiError } = await import('./errors');
    const { messagesDeValidation } = await import('./toasts');
    const refus = new ApiError(400, {
      message: 'Veuillez vérifier votre saisie',
      code: 'VALIDATION',
      globalErrors: ['Opérateur existant'],
      fieldErrors: [
        { field: 'taux', defaultMessage: 'Ce champ doit contenir une valeur entre 0 et 100' },
        { field: 'autre', defaultMessage: 'Ce champ doit contenir une valeur entre 0 et 100' },
      ],
    });
    expect(messagesDeValidation(refus)).toEqual([
      'Opérateur existant',
      'Ce champ doit contenir une valeur entre 0 et 100',
    ]);
    expect(messagesDeValidation(new ApiError(500, null))).toEqual([]);
    expect(messagesDeValidation(new Error('réseau'))).toEqual([]);
  });
});
