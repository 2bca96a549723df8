const PARIS = 'Europe/Paris';

export interface DateCalendaire {
  jour: number;
  mois: number;
  annee: number;
}

/** A date typed dd/mm/yyyy or dd-mm-yyyy, checked as a real calendar date (31/02 refused). */
export function lireDateSaisie(texte: string): DateCalendaire | null {
  const m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(texte.trim());
  if (!m) return null;
  const [jour, mois, annee] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(annee, mois - 1, jour));
  if (d.getUTCFullYear() !== annee || d.getUTCMonth() !== mois - 1 || d.getUTCDate() !== jour)
    return null;
  return { jour, mois, annee };
}

/** Days since 1970-01-01 of a calendar date: dates in exploitation formulas count in days. */
export const joursDepuisEpoque = ({ jour, mois, annee }: DateCalendaire) =>
  Math.round(Date.UTC(annee, mois - 1, jour) / 86_400_000);

/** The weekday (0 = Sunday) of an instant, or of a yyyy-mm-dd day, as seen in Europe/Paris. */
export function jourSemaineParis(date: Date | string): number {
  const instant =
    typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? new Date(`${date}T12:00:00Z`)
      : new Date(date);
  const nom = new Intl.DateTimeFormat('en-GB', { timeZone: PARIS, weekday: 'short' }).format(
    instant,
  );
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(nom);
}

/** The yyyy-mm-dd calendar day of an instant in Europe/Paris. */
export const jourParis = (instant: Date | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: PARIS }).format(new Date(instant));
