const enErreur = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * Runs the tasks a few at a time: on a mobile link each call is a round trip, and the browser
 * carries six at once to one server. The first failure stops the others (`arreter`: their next
 * call throws) and is thrown only once every task has settled, so that the caller's work ends
 * after its last write, never before. A task that must not stop the others catches its own.
 */
export async function enParallele<T>(
  elements: readonly T[],
  simultanes: number,
  tache: (e: T) => Promise<void>,
  arreter: (err: unknown) => Error = enErreur,
): Promise<void> {
  // One iterator shared by the workers: each takes the next element (T itself may hold undefined).
  const suivants = elements.values();
  // A holder, not a local: the workers set it, and a local's narrowing would not see them do so.
  const etat: { echec?: Error } = {};
  const travailleur = async () => {
    for (let s = suivants.next(); !s.done; s = suivants.next()) {
      if (etat.echec) return;
      try {
        await tache(s.value);
      } catch (err) {
        etat.echec ??= arreter(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(simultanes, elements.length) }, travailleur));
  if (etat.echec) throw etat.echec;
}
