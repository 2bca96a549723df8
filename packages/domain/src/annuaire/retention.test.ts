import { describe, expect, it } from 'vitest';
import { motifRetention, retention } from './retention';

const maintenant = new Date('2026-11-23T12:00:00Z');

describe('GDPR retention (spec part 1 §1)', () => {
  it.each([
    ['active habilitation', { habilitationActive: true, derniereActivite: null }, true],
    ['never active', { habilitationActive: false, derniereActivite: null }, false],
    [
      'stopped 4 years ago',
      { habilitationActive: false, derniereActivite: new Date('2022-11-24T00:00:00Z') },
      true,
    ],
    [
      'stopped 5 years and a day ago',
      { habilitationActive: false, derniereActivite: new Date('2021-11-22T00:00:00Z') },
      false,
    ],
  ])('%s', (_, activite, enCours) => {
    const r = retention(activite, maintenant);
    expect(r.enCours).toBe(enCours);
    expect(motifRetention(r) !== null).toBe(enCours);
  });

  it('says until when the data is kept', () => {
    const r = retention(
      { habilitationActive: false, derniereActivite: new Date('2023-03-15T10:00:00Z') },
      maintenant,
    );
    expect(motifRetention(r)).toContain('15/03/2028');
  });
});
