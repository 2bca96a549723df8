import { describe, expect, it } from 'vitest';
import { cheminFormulaire } from './toasts';

describe('cheminFormulaire', () => {
  it('turns server field names into react-hook-form paths', () => {
    expect(cheminFormulaire('controles[0].siteId')).toBe('controles.0.siteId');
    expect(cheminFormulaire('date[125]')).toBe('date.125');
    expect(cheminFormulaire('telephone1')).toBe('telephone1');
  });
});
