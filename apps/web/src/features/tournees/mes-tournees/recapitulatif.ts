import type { ControleTournee, TourneeLocaleComplete } from '../types';

/**
 * The recap's 'number of operators' of each round: the distinct operators of the round's
 * controls the device holds (a farm visited for Comté and Morbier is one operator, two
 * controls). The server's figure counts the operators put into the round when it was prepared,
 * which misses those a round gained otherwise: it only stands in when the device holds none of
 * the round's controls.
 */
export function nombresOperateurs(
  tournees: readonly Pick<TourneeLocaleComplete, 'id' | 'nbOperateurs'>[],
  controles: readonly Pick<ControleTournee, 'tourneeId' | 'personneMoraleId'>[],
): Map<string, number | null> {
  const parTournee = new Map<string, Set<string>>();
  for (const c of controles) {
    if (!c.tourneeId) continue;
    let operateurs = parTournee.get(c.tourneeId);
    if (!operateurs) parTournee.set(c.tourneeId, (operateurs = new Set()));
    operateurs.add(c.personneMoraleId);
  }
  return new Map(
    tournees.map((t) => [
      t.id,
      parTournee.get(t.id)?.size ?? (typeof t.nbOperateurs === 'number' ? t.nbOperateurs : null),
    ]),
  );
}
