import { describe, expect, it } from 'vitest';
import { grilleSchema, syntheseVide } from '@estive/domain';
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
    grille: grilleSchema.parse({}),
    synthese: {},
    timestamp: 1,
  });
const brouillon = (edite: boolean): Brouillon => ({
  grille: grilleSchema.parse({ manquements: [] }),
  synthese: {
    'aop-comte': { ...syntheseVide(), auditeur: { ...syntheseVide().auditeur, observation: 'x' } },
  },
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
    const b = brouillon(true);
    const edite = appliquerBrouillon(controle(), b, 99);
    expect(edite.grille).toBe(b.grille);
    expect(edite).toMatchObject({
      synthese: { 'aop-comte': { auditeur: { observation: 'x' } } },
      etapeSaisie: 2,
      resultat: 'CONFORME',
      statut: 'EN_COURS',
      sync: false,
      timestamp: 99,
    });
  });
});
