/**
 * The row a statement must return (an INSERT … RETURNING, an UPDATE by a primary key the
 * transaction holds). None is a bug or a race the caller did not expect: it throws, and the
 * request fails as a 500 instead of going on with `undefined`.
 */
export function uneLigne<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('Invariant: the statement returned no row');
  return row;
}
