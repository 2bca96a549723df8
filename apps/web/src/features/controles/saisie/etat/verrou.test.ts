import { describe, expect, it } from 'vitest';
import { estFinalise } from '@estive/domain';
import { syntheseVide, type SyntheseAop } from '../etape4/synthese';
import { aUneSignature, sansSignatures, verrouDe } from './verrou';

const signee = (): SyntheseAop => {
  const s = syntheseVide();
  s.auditeur = { observation: 'Vu', signature: 'data:image/png;base64,AA', signed: true };
  s.audite = {
    observation: 'RAS',
    signatures: { rapport: [{ name: 'J. V.', image: 'x' }], planProgres: [] },
    signed: true,
  };
  return s;
};

describe('verrou de saisie', () => {
  it('locks on any signature of any label of the visit', () => {
    expect(aUneSignature({ a: syntheseVide(), b: syntheseVide() })).toBe(false);
    const auditeurSeul = syntheseVide();
    auditeurSeul.auditeur.signature = 'data:image/png;base64,AA';
    expect(aUneSignature({ a: syntheseVide(), b: auditeurSeul })).toBe(true);
    const auditeSeul = syntheseVide();
    auditeSeul.audite.signatures.planProgres = [{ name: 'X', image: 'y' }];
    expect(aUneSignature({ a: auditeSeul })).toBe(true);
  });

  it('withdraws every signature and keeps the observations', () => {
    const retiree = sansSignatures({ a: signee(), b: signee() });
    expect(aUneSignature(retiree)).toBe(false);
    expect(retiree.a?.auditeur.observation).toBe('Vu');
    expect(retiree.b?.audite.observation).toBe('RAS');
  });

  it('reads every finalised status as read-only, whatever the signatures', () => {
    for (const s of ['REALISE', 'REALISE_PP_NON_SIGNE', 'REALISE_ATTENTE_SIGNATURE'])
      expect(verrouDe(s, {})).toBe('finalise');
    for (const s of ['PROGRAMME', 'EN_COURS', 'ANNULE', null, undefined])
      expect(estFinalise(s)).toBe(false);
    expect(verrouDe('EN_COURS', { a: signee() })).toBe('signe');
    expect(verrouDe('EN_COURS', { a: syntheseVide() })).toBe('libre');
  });
});
