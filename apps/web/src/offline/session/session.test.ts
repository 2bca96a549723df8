import { describe, expect, it } from 'vitest';
import type { Principal } from '@estive/contracts';
import { choisirDroit, etatJeton } from './session';

const principal: Principal = {
  uuid: 'u1',
  login: 'animateur@estive.test',
  nom: 'Roussel',
  prenom: 'Julien',
  mail: 'animateur@estive.test',
  telephone: null,
  roles: ['ROLE_ANIMATEUR'],
  droits: [
    {
      id: '10',
      type: 'ODG',
      siret: '11111111111111',
      raisonSociale: 'Comté',
      odgId: '1',
      hasLogo: true,
    },
    {
      id: '20',
      type: 'ODG_REFERENTE',
      siret: null,
      raisonSociale: 'Auvergne',
      odgId: '2',
      hasLogo: false,
    },
  ],
  extranetEnabled: false,
  motDePasseTemporaire: false,
  parametrage: { tdbControles: true, tdbManquements: true, tdbSuiviOperateurs: true },
};

describe('etatJeton', () => {
  it('NONE without stored authority', () => expect(etatJeton(null, true, true)).toBe('NONE'));
  it('VALID online: the client refreshes an expired token itself', () =>
    expect(etatJeton(principal, true, false)).toBe('VALID'));
  it('offline, EXPIRED once the access token has expired (still allowed offline)', () => {
    expect(etatJeton(principal, false, true)).toBe('VALID');
    expect(etatJeton(principal, false, false)).toBe('EXPIRED');
  });
});

describe('choisirDroit', () => {
  it('defaults to the first right, keeps a chosen one the user still holds', () => {
    expect(choisirDroit(principal, null)?.id).toBe('10');
    expect(choisirDroit(principal, '20')?.id).toBe('20');
    expect(choisirDroit(principal, '99')?.id).toBe('10');
    expect(choisirDroit(null, '20')).toBeNull();
  });
});
