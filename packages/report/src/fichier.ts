/**
 * File name and hash of a report: small, dependency-free, safe in the browser (the web app
 * imports them without loading pdfmake).
 */

export interface ArgsNomFichier {
  siret: string;
  /** The AOP-IGP label, e.g. 'Comté'. */
  aop: string;
  numeroRapport: string;
  /** The control date: ISO date or date-time, or dd/mm/yyyy. */
  date: string;
}

/**
 * A date-time is read in Paris time: a control at 00:30 in France is on that French day, while
 * its UTC ISO string still says the day before.
 */
function jourIso(date: string): string {
  const fr = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(date.trim());
  if (fr) return `${fr[3]}-${fr[2]}-${fr[1]}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(date.trim())) return date.trim();
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return date.trim();
  // en-CA formats as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** Characters file systems refuse (Windows being the strictest) become '_'. */
const sur = (s: string) => s.trim().replace(/[\\/:*?"<>|\p{Cc}]/gu, '_');

/** Spec part 2 §7, §9: `RA-{siret}-{aop}-{report number}-{date}.pdf`, date as yyyy-mm-dd. */
export function nomFichierRapport({ siret, aop, numeroRapport, date }: ArgsNomFichier): string {
  return `RA-${sur(siret)}-${sur(aop)}-${sur(numeroRapport)}-${jourIso(date)}.pdf`;
}

/** Lowercase hex SHA-256 through WebCrypto (browsers, Node ≥ 20): no hashing code shipped. */
export async function sha256Hex(octets: Uint8Array | ArrayBuffer): Promise<string> {
  // A copy into a plain ArrayBuffer: digest() refuses views over a SharedArrayBuffer.
  const source = octets instanceof Uint8Array ? octets.slice() : new Uint8Array(octets);
  const hash = await crypto.subtle.digest('SHA-256', source);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}
