import { describe, expect, it } from 'vitest';
import type { Declaratif } from '@estive/domain';
import { detailDeclaratif, periodeDeclaree, valeurDeclaree } from './declaratif';

const d = (patch: Partial<Declaratif> = {}): Declaratif => ({
  libelle: 'Déclaration de troupeau (extranet)',
  debutPeriode: '2025-01-01',
  finPeriode: '2025-12-31',
  saisie: '47',
  ...patch,
});

describe('declared value texts (extranet badge)', () => {
  it('words the campaign in French days', () => {
    expect(periodeDeclaree(d())).toBe('du 01/01/2025 au 31/12/2025');
    expect(periodeDeclaree(d({ finPeriode: null }))).toBe('depuis le 01/01/2025');
    expect(periodeDeclaree(d({ debutPeriode: null }))).toBe("jusqu'au 31/12/2025");
    // Text that is not an ISO day is shown as the extranet sent it.
    expect(periodeDeclaree(d({ debutPeriode: 'janvier 2025', finPeriode: 'décembre 2025' }))).toBe(
      'du janvier 2025 au décembre 2025',
    );
    expect(periodeDeclaree(d({ debutPeriode: null, finPeriode: null }))).toBe('');
  });

  it('gives the figure with its unit, a date without the "date" unit, nothing when blank', () => {
    expect(valeurDeclaree(d(), 'VL')).toBe('47 VL');
    expect(valeurDeclaree(d({ saisie: '12/03/2025' }), 'date')).toBe('12/03/2025');
    expect(valeurDeclaree(d({ saisie: ' ' }), 'VL')).toBeNull();
  });

  it('sums it up for the tooltip', () => {
    expect(detailDeclaratif(d(), 'VL')).toBe(
      'Déclaration de troupeau (extranet) : 47 VL, du 01/01/2025 au 31/12/2025',
    );
    expect(
      detailDeclaratif(
        d({ libelle: null, saisie: null, debutPeriode: null, finPeriode: null }),
        null,
      ),
    ).toBe('Valeur déclarée : aucune valeur');
  });
});
