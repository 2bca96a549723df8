/** A day, month and year as a user typed them, before any time zone applies. */
export interface DateCalendaire {
  jour: number;
  /** 1 = January. */
  mois: number;
  annee: number;
}

const DATE_SAISIE = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/;

/**
 * A date typed dd/mm/yyyy or dd-mm-yyyy (one separator throughout), checked as a real calendar
 * date: 31/02 or 29/02 of a common year are refused rather than rolled over to March.
 */
export function lireDateSaisie(texte: string): DateCalendaire | null {
  const m = DATE_SAISIE.exec(texte.trim());
  if (!m) return null;
  const [jour, mois, annee] = [Number(m[1]), Number(m[3]), Number(m[4])];
  const d = new Date(Date.UTC(annee, mois - 1, jour));
  const reelle =
    d.getUTCFullYear() === annee && d.getUTCMonth() === mois - 1 && d.getUTCDate() === jour;
  return reelle ? { jour, mois, annee } : null;
}

/** Days since 1970-01-01: dates in exploitation formulas count in days (spec part 2 §5). */
export const joursDepuisEpoque = ({ jour, mois, annee }: DateCalendaire): number =>
  Math.round(Date.UTC(annee, mois - 1, jour) / 86_400_000);
