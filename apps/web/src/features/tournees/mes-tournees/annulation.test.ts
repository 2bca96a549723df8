import { describe, expect, it } from 'vitest';
import { STATUTS_CONTROLE } from '@estive/domain';
import type { ControleTournee } from '../types';
import { annulerControles, messagesAnnulation } from './annulation';
import { aopIgpLocal, controleLocal } from '../../../offline/fixtures.test-helpers';

const controle = (id: string, statut: ControleTournee['statut']): ControleTournee =>
  controleLocal({ id, aopIgp: aopIgpLocal(id, id), statut });

describe('cancelling controls', () => {
  it('cancels the chosen controls with the reason, unsynced for the next sync', () => {
    const annules = annulerControles(
      [controle('a', 'PROGRAMME'), controle('b', 'EN_COURS'), controle('c', 'PROGRAMME')],
      ['a', 'b'],
      '  Exploitant absent ',
      42,
    );
    expect(annules).toEqual([
      {
        ...controle('a', 'ANNULE'),
        raisonAbandon: 'Exploitant absent',
        sync: false,
        timestamp: 42,
      },
      {
        ...controle('b', 'ANNULE'),
        raisonAbandon: 'Exploitant absent',
        sync: false,
        timestamp: 42,
      },
    ]);
  });

  it.each(STATUTS_CONTROLE.map((s) => [s, s === 'PROGRAMME' || s === 'EN_COURS']))(
    'a %s control can be cancelled: %s',
    (statut, attendu) => {
      expect(annulerControles([controle('x', statut)], ['x'], 'raison')).toHaveLength(
        attendu ? 1 : 0,
      );
    },
  );

  it('speaks in the singular for one control, in the plural for several', () => {
    expect(messagesAnnulation(1).succes).toBe('Le contrôle a été annulé');
    expect(messagesAnnulation(2).succes).toBe('Les contrôles ont été annulés');
    expect(messagesAnnulation(1).erreur).toBe("Erreur durant l'annulation du contrôle");
    expect(messagesAnnulation(3).erreur).toBe("Erreur durant l'annulation des contrôles");
  });
});
