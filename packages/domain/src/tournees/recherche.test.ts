import { describe, expect, it } from 'vitest';
import { correspondOperateur } from './recherche';

const gaec = { siret: '51331551893891', raisonSociale: 'GAEC des Roches', codePostal: '25120' };

describe('correspondOperateur: SIRET typed as read out', () => {
  it.each(['513 315 518 93891', '513315518 93891', ' 513.315.518 ', '93891'])(
    '%j finds the operator',
    (texte) => expect(correspondOperateur(gaec, texte)).toBe(true),
  );
  it.each(['513 315 519', '25 120 9'])('%j does not', (texte) =>
    expect(correspondOperateur(gaec, texte)).toBe(false),
  );
  it('a postcode and a name still match as before', () => {
    expect(correspondOperateur(gaec, '25120')).toBe(true);
    expect(correspondOperateur(gaec, 'roches')).toBe(true);
  });
});
