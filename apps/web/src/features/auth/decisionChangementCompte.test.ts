import { describe, expect, it } from 'vitest';
import { decisionChangementCompte } from './decisionChangementCompte';

describe('decisionChangementCompte (spec part 1 §4 Session)', () => {
  it.each([
    [null, 'u1', null, 'ENREGISTRER'],
    [null, 'u1', '2026-11-20T10:00:00Z', 'ENREGISTRER'],
    ['u1', 'u1', null, 'MEME_UTILISATEUR'],
    ['u1', 'u1', '2026-11-20T10:00:00Z', 'MEME_UTILISATEUR'],
    ['u1', 'u2', null, 'ENREGISTRER'],
    ['u1', 'u2', '2026-11-20T10:00:00Z', 'CONFIRMER'],
  ] as const)(
    'stocké %s, connecté %s, dernière synchro %s → %s',
    (stocke, uuid, synchro, attendu) => {
      expect(
        decisionChangementCompte({
          utilisateurStocke: stocke,
          utilisateur: uuid,
          derniereSynchro: synchro,
        }),
      ).toBe(attendu);
    },
  );
});
