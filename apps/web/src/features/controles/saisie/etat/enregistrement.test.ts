import { describe, expect, it } from 'vitest';
import { appliquerBrouillon, type Brouillon } from './enregistrement';
import type { ControleSaisi } from '../types';
import { aopIgpLocal, controleLocal } from '../../../../offline/fixtures.test-helpers';

const controle = (): ControleSaisi =>
  controleLocal({
    id: 'c1',
    date: '2026-11-23',
    personneMoraleId: 'pm1',
    aopIgp: aopIgpLocal('aop-comte', 'Comté'),
    niveau: 'INIT_CIBLE_INO',
    etapeSaisie: 1,
    grille: { categories: [] },
    synthese: {},
    timestamp: 1,
  });
const brouillon = (edite: boolean): Brouillon => ({
  grille: { categories: [{ id: 'x' }] },
  synthese: { s: 1 },
  etape: 2,
  resultats: { 'aop-comte': 'CONFORME' },
  edite,
});

describe('appliquerBrouillon', () => {
  it('viewing (a step change, nothing edited) keeps the control synced and programmed', () => {
    const vu = appliquerBrouillon(controle(), brouillon(false), 99);
    expect(vu).toEqual({ ...controle(), etapeSaisie: 2 });
  });

  it('an edit stores the draft, starts the entry and marks the control for the next sync', () => {
    const edite = appliquerBrouillon(controle(), brouillon(true), 99);
    expect(edite).toMatchObject({
      grille: { categories: [{ id: 'x' }] },
      synthese: { s: 1 },
      etapeSaisie: 2,
      resultat: 'CONFORME',
      statut: 'EN_COURS',
      sync: false,
      timestamp: 99,
    });
  });
});
