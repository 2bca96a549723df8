/**
 * Spec part 2 §7: the report is saved as RA-{siret}-{aop}-{report number}-{date}.pdf. The label
 * goes into a file name on a tablet, a server and an e-mail: spaces, slashes and other characters
 * that some file systems refuse become '-', accents are kept (they are valid everywhere we go).
 */
export function nomFichierRapport(args: {
  siret: string;
  aop: string;
  numeroRapport: string;
  date: string;
}): string {
  const propre = (v: string) =>
    v
      .trim()
      .replace(/[\s/\\:*?"<>|]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-|-$/g, '');
  return `RA-${propre(args.siret)}-${propre(args.aop)}-${propre(args.numeroRapport)}-${jourIso(args.date)}.pdf`;
}

const JOUR_PARIS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The date as yyyy-mm-dd. A bare day (yyyy-mm-dd, or French dd/mm/yyyy) is kept; a timestamp is
 * read as its day in Paris, where business dates are judged (a control at 00:30 in Paris is
 * the previous day in UTC).
 */
function jourIso(date: string): string {
  const v = date.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const fr = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(v);
  if (fr) return `${fr[3]}-${fr[2]}-${fr[1]}`;
  const instant = new Date(v);
  if (Number.isNaN(instant.getTime())) throw new Error(`Date de rapport illisible : ${date}`);
  return JOUR_PARIS.format(instant);
}

/** The sha256 of some bytes as lowercase hex, through WebCrypto (browsers and Node ≥ 20 alike). */
export async function sha256Hex(octets: Uint8Array | ArrayBuffer): Promise<string> {
  // Copied into a fresh ArrayBuffer: WebCrypto refuses views over SharedArrayBuffer and the
  // TypeScript 5.9 DOM types want an ArrayBuffer-backed view.
  const copie = new Uint8Array(octets instanceof ArrayBuffer ? octets : octets.slice()).buffer;
  const hash = await crypto.subtle.digest('SHA-256', copie);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}
