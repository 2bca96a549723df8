/**
 * Reads that the caller's own bookkeeping guarantees (an index built from the same array, a map
 * filled just before). A miss is a bug in that bookkeeping, so it throws instead of letting
 * `undefined` travel on; with `noUncheckedIndexedAccess` these are the checked form of `x[i]!`.
 */
export function at<T>(array: readonly T[], index: number): T {
  const value = array[index];
  if (value === undefined) throw new Error(`Invariant: no element at ${index} of ${array.length}`);
  return value;
}

/** A value the caller knows is there (`map.get` of a key it just checked or inserted). */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Invariant: ${what} is missing`);
  return value;
}
