import { describe, expect, it } from 'vitest';
import { etapeCliquable, etatInitial, saisieReducer } from './saisieReducer';

const initial = () => etatInitial({ obs: '' }, 1);

describe('saisieReducer', () => {
  it('keeps the state on a grid edit when the flags already say so (no form render)', () => {
    const etat = saisieReducer(initial(), { type: 'grilleModifiee' });
    expect(saisieReducer(etat, { type: 'grilleModifiee' })).toBe(etat);
  });

  it('marks the draft modified and clears the grid error on a grid edit', () => {
    const enErreur = saisieReducer(initial(), { type: 'grilleInvalide' });
    const apres = saisieReducer(enErreur, { type: 'grilleModifiee' });
    expect(apres).toMatchObject({ modifie: true, erreurGrille: false });
  });

  it('remembers the furthest step reached and clamps steps to 1..4', () => {
    let etat = saisieReducer(initial(), { type: 'etape', etape: 3 });
    etat = saisieReducer(etat, { type: 'etape', etape: 1 });
    expect(etat).toMatchObject({ etape: 1, etapeAtteinte: 3 });
    expect(saisieReducer(etat, { type: 'etape', etape: 9 }).etape).toBe(4);
  });

  it('starts at the stored step', () => {
    expect(etatInitial(null, 3)).toMatchObject({ etape: 3, etapeAtteinte: 3 });
  });
});

describe('etapeCliquable', () => {
  it.each([
    [1, 2, true],
    [2, 2, true],
    [3, 2, false],
    [4, 4, false],
  ])('step %i with step %i reached: %s', (etape, atteinte, attendu) => {
    expect(etapeCliquable(etape, atteinte)).toBe(attendu);
  });
});

describe('viewing is not editing', () => {
  it('a step change alone leaves the draft unedited; a grid or synthesis edit marks it', () => {
    const vu = saisieReducer(initial(), { type: 'etape', etape: 2 });
    expect(vu).toMatchObject({ modifie: true, edite: false });
    expect(saisieReducer(vu, { type: 'grilleModifiee' }).edite).toBe(true);
    expect(saisieReducer(vu, { type: 'synthese', synthese: { obs: 'x' } }).edite).toBe(true);
    // Saving clears the pending flag, never the edit.
    const edite = saisieReducer(vu, { type: 'grilleModifiee' });
    expect(saisieReducer(edite, { type: 'enregistre' })).toMatchObject({
      modifie: false,
      edite: true,
    });
  });
});
