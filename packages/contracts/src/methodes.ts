/*
 * Nothing imported here, zod least of all: the web shell reads the keys through
 * '@estive/contracts/methodes' without loading the schemas (lib/api/schemas.ts).
 */
/** The HTTP methods of the table's keys ('GET /api/…'). */
export const METHODES_HTTP = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type MethodeHttp = (typeof METHODES_HTTP)[number];

/** A key of the table ('METHOD /path') read as its method and its path. */
export function methodeEtChemin(cle: string): [MethodeHttp, string] {
  const espace = cle.indexOf(' ');
  const methode = METHODES_HTTP.find((m) => m === cle.slice(0, espace));
  if (!methode) throw new Error(`Clé d'endpoint sans méthode : ${cle}`);
  return [methode, cle.slice(espace + 1)];
}
