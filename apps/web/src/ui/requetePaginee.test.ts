import { describe, expect, it } from 'vitest';
import { parametresFiltres, parametresPage } from './requetePaginee';

describe('paged query parameters', () => {
  it('leaves empty filters out, repeats arrays, trims text', () => {
    const p = parametresFiltres({
      raisonSociale: '  Fromagerie ',
      ville: '',
      siret: undefined,
      isHabilite: false,
      aop: ['1', 2],
      statut: null,
    });
    expect(p.toString()).toBe('raisonSociale=Fromagerie&isHabilite=false&aop=1&aop=2');
  });

  it('adds the 0-based page, its size and the sort', () => {
    const p = parametresPage(new URLSearchParams('ville=Aurillac'), 2, 25, {
      colonne: 'raisonSociale',
      sens: 'desc',
    });
    expect(p.toString()).toBe('ville=Aurillac&page=2&size=25&sort=raisonSociale%2CDESC');
    expect(parametresPage(new URLSearchParams(), 0, 10, null).toString()).toBe('page=0&size=10');
  });
});
