import { describe, expect, it } from 'vitest';
import { apresFermeture, calculerEnLigne } from './connectivity';

const base = { horsLigneManuel: false, reseau: true, serveurJoignable: true, socketConnecte: true };

describe('calculerEnLigne', () => {
  it('is online when the health check or the socket says so', () => {
    expect(calculerEnLigne(base)).toBe(true);
    expect(calculerEnLigne({ ...base, serveurJoignable: false })).toBe(true);
    expect(calculerEnLigne({ ...base, socketConnecte: false })).toBe(true);
    expect(calculerEnLigne({ ...base, serveurJoignable: false, socketConnecte: false })).toBe(
      false,
    );
  });

  it('the manual offline mode and the browser having no network override everything', () => {
    expect(calculerEnLigne({ ...base, horsLigneManuel: true })).toBe(false);
    expect(calculerEnLigne({ ...base, reseau: false })).toBe(false);
  });
});

describe('apresFermeture', () => {
  it('declares the socket down after more than 2 consecutive closures', () => {
    expect(apresFermeture(0)).toEqual({ fermetures: 1, connecte: true });
    expect(apresFermeture(1)).toEqual({ fermetures: 2, connecte: true });
    expect(apresFermeture(2)).toEqual({ fermetures: 3, connecte: false });
  });
});
