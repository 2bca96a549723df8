import { describe, expect, it } from 'vitest';
import { decisionChangementCompte } from '.';

describe("'Changement de compte'", () => {
  it.each([
    [null, 'u1', null, 'STOCKER'],
    [null, 'u1', '2026-11-20T10:00:00Z', 'STOCKER'],
    ['u1', 'u1', '2026-11-20T10:00:00Z', 'RIEN'],
    ['u1', 'u2', null, 'STOCKER'],
    ['u1', 'u2', '2026-11-20T10:00:00Z', 'DEMANDER'],
  ] as const)(
    'stored %s, signing in %s, last sync %s → %s',
    (stocke, connecte, synchro, attendu) => {
      expect(
        decisionChangementCompte({
          utilisateurStocke: stocke,
          utilisateurConnecte: connecte,
          derniereSynchro: synchro,
        }),
      ).toBe(attendu);
    },
  );
});
