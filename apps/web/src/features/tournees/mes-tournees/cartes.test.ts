import { describe, expect, it } from 'vitest';
import type { ControleTournee } from '../types';
import { colonnes, grouperEnCartes, heureParis, joursAvecControles, lienSaisie } from './cartes';
import { aopIgpLocal, controleLocal } from '../../../offline/fixtures.test-helpers';

const controle = (c: Partial<ControleTournee> & { id: string }): ControleTournee =>
  controleLocal(c);

describe('visit cards', () => {
  it('groups the labels of one operator, status, date and round into one card', () => {
    const cartes = grouperEnCartes([
      controle({ id: '1', aopIgp: aopIgpLocal('morbier', 'Morbier') }),
      controle({ id: '2', date: '2026-11-24T08:30:00+01:00' }),
    ]);
    expect(cartes).toHaveLength(1);
    expect(cartes[0]!.controles.map((c) => c.aopIgp.libelle)).toEqual(['Comté', 'Morbier']);
    expect(lienSaisie(cartes[0]!)).toBe('/controle/saisie?ids=2,1');
  });

  it.each([
    ['operator', { personneMoraleId: 'op2' }],
    ['status', { statut: 'ANNULE' as const }],
    ['date', { date: '2026-11-24T09:00:00Z' }],
    ['round', { tourneeId: 't2' }],
  ])('a different %s makes another card', (_, autre) => {
    expect(grouperEnCartes([controle({ id: '1' }), controle({ id: '2', ...autre })])).toHaveLength(
      2,
    );
  });

  it('warns when any control of the card holds unsynced work', () => {
    const [carte] = grouperEnCartes([controle({ id: '1' }), controle({ id: '2', sync: false })]);
    expect(carte!.nonSynchronise).toBe(true);
  });

  it('flags a card whose control came back in conflict from the office', () => {
    const [calme] = grouperEnCartes([controle({ id: '1' })]);
    expect(calme!.enConflit).toBe(false);
    const [carte] = grouperEnCartes([controle({ id: '1' }), controle({ id: '2', conflit: true })]);
    expect(carte!.enConflit).toBe(true);
  });

  it('sorts cards by time and shows the Paris time', () => {
    const cartes = grouperEnCartes([
      controle({ id: 'tard', date: '2026-11-24T13:00:00Z' }),
      controle({ id: 'tot', date: '2026-11-24T07:05:00Z', personneMoraleId: 'op2' }),
    ]);
    expect(cartes.map((c) => c.controles[0]!.id)).toEqual(['tot', 'tard']);
    expect(heureParis(cartes[0]!.date)).toBe('08:05');
  });
});

describe('columns', () => {
  const cartes = grouperEnCartes([
    controle({ id: 'lundi', date: '2026-11-23T08:00:00Z' }),
    controle({ id: 'samedi-soir-utc', date: '2026-11-28T23:30:00Z' }),
  ]);

  it('shows Monday to Saturday in week view, from any day of the week', () => {
    const semaine = colonnes('2026-11-26', 'WEEK', cartes);
    expect(semaine.map((c) => c.jour)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(semaine[0]!.cartes).toHaveLength(1);
    // 23:30 UTC on Saturday is Sunday in Paris: outside the work week.
    expect(semaine[5]!.cartes).toHaveLength(0);
  });

  it('shows the day alone in day view', () => {
    expect(colonnes('2026-11-23', 'DAY', cartes)).toEqual([
      { jour: '2026-11-23', cartes: [cartes[0]] },
    ]);
  });

  it('marks the Paris days that hold controls', () => {
    expect([...joursAvecControles([{ date: '2026-11-28T23:30:00Z' }])]).toEqual(['2026-11-29']);
  });
});
