/**
 * Display helpers of step 1 that the domain's `format/` does not cover: dates of the device
 * (ISO strings) shown in French, and coordinates.
 */

const FR = 'fr-FR';
const PARIS = 'Europe/Paris';

/** '2026-06-03T08:00:00Z' → '03/06/2026' (business dates are judged in Paris, DESIGN §4). */
export function dateCourte(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(FR, { timeZone: PARIS });
}

/** '46.9', '5.8' → '46.9, 5.8'; empty when either is missing. */
export function gps(latitude: number | null | undefined, longitude: number | null | undefined) {
  return latitude == null || longitude == null ? '' : `${latitude}, ${longitude}`;
}

/** Address lines then 'postcode city', blanks dropped. */
export function lignesAdresse(a: {
  adresse1?: string | null;
  adresse2?: string | null;
  adresse3?: string | null;
  adresse4?: string | null;
  codePostal?: string | null;
  ville?: string | null;
}): string[] {
  const ville = [a.codePostal, a.ville].filter(Boolean).join(' ');
  return [a.adresse1, a.adresse2, a.adresse3, a.adresse4, ville].filter((l): l is string => !!l);
}

/** '12345678901234' → '123 456 789 01234' (spec: SIRET shown 3-3-3-5). */
export function siret(valeur: string | null | undefined): string {
  const chiffres = (valeur ?? '').replace(/\D/g, '');
  if (chiffres.length !== 14) return valeur ?? '';
  return [chiffres.slice(0, 3), chiffres.slice(3, 6), chiffres.slice(6, 9), chiffres.slice(9)].join(' ');
}

/** '0381234567' → '03.81.23.45.67' (spec: phones as pairs separated by dots). */
export function telephone(valeur: string | null | undefined): string {
  const brut = (valeur ?? '').replace(/[\s.]/g, '');
  if (!/^0\d{9}$/.test(brut)) return valeur ?? '';
  return brut.match(/\d{2}/g)!.join('.');
}

const MOIS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** '--04-15' or '04-15' (month-day) → '15 avril' (spec: usage period as day and month in French). */
export function jourMois(valeur: string | null | undefined): string {
  const m = /(\d{2})-(\d{2})$/.exec(valeur ?? '');
  if (!m) return valeur ?? '';
  return `${Number(m[2])} ${MOIS[Number(m[1]) - 1] ?? ''}`.trim();
}
