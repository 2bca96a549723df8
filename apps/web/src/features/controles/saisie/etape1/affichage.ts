/**
 * Display helpers of step 1: the domain's formats (`@estive/domain` format/), adapted to the
 * device's stored shapes, plus the two layouts the domain has no business with (GPS, address).
 */
import { formaterDate, formaterJourMois } from '@estive/domain';

/** '2026-06-03T08:00:00Z' → '03/06/2026' in Paris; blank or unreadable values shown as given. */
export function dateCourte(iso: string | null | undefined): string {
  if (!iso) return '';
  return Number.isNaN(new Date(iso).getTime()) ? iso : formaterDate(iso);
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

/** SIRET 3-3-3-5 and phones as dotted pairs: the domain's formats (spec part 2 §2, step 1). */
export { formaterSiret as siret, formaterTelephone as telephone } from '@estive/domain';

/**
 * A site's usage bound as day and French month ('15 avril', '1er août'). Sites store it as
 * '--MM-DD' or as a full ISO date; the domain formats the month-day part.
 */
export function jourMois(valeur: string | null | undefined): string {
  const m = /(\d{2})-(\d{2})$/.exec(valeur ?? '');
  return m ? formaterJourMois(`${m[1]}-${m[2]}`) || (valeur ?? '') : (valeur ?? '');
}
