/**
 * Business days are judged in Europe/Paris (docs/architecture.md §4): a control at 23:30 UTC on a
 * Saturday happens on a Sunday for the people involved. Intl carries the time-zone rules, so no
 * library.
 */

export const FUSEAU_METIER = 'Europe/Paris';

/** A calendar day as 'yyyy-mm-dd': comparable as text, free of any time zone. */
export type Jour = string;

/** Year, month (1–12) and day of a 'yyyy-mm-dd' day; a missing part reads NaN, as `Number` would. */
export const partiesJour = (jour: Jour): [annee: number, mois: number, date: number] => {
  const [annee = NaN, mois = NaN, date = NaN] = jour.split('-').map(Number);
  return [annee, mois, date];
};

const JOUR_ISO = /^\d{4}-\d{2}-\d{2}$/;
const NOMS_JOURS_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formatJour = new Intl.DateTimeFormat('en-CA', { timeZone: FUSEAU_METIER });
const formatJourSemaine = new Intl.DateTimeFormat('en-GB', {
  timeZone: FUSEAU_METIER,
  weekday: 'short',
});

/**
 * The instant to judge: a bare 'yyyy-mm-dd' is taken at noon UTC, which is the same calendar day
 * in Paris whatever the season, rather than midnight UTC which would be the day before in UTC-.
 */
const instant = (date: Date | string): Date =>
  typeof date === 'string' && JOUR_ISO.test(date) ? new Date(`${date}T12:00:00Z`) : new Date(date);

/** The calendar day of an instant in Europe/Paris. */
export const jourParis = (date: Date | string): Jour => formatJour.format(instant(date));

/** The weekday of an instant or day in Europe/Paris, 0 = Sunday … 6 = Saturday. */
export const jourSemaineParis = (date: Date | string): number =>
  NOMS_JOURS_EN.indexOf(formatJourSemaine.format(instant(date)));

export const estDimancheParis = (date: Date | string): boolean => jourSemaineParis(date) === 0;

const PARTIES_PARIS = new Intl.DateTimeFormat('en-US', {
  timeZone: FUSEAU_METIER,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** How far Paris wall time is ahead of UTC at that instant (ms): +1 h in winter, +2 h in summer. */
function decalageParis(instant: number): number {
  const parties = PARTIES_PARIS.formatToParts(new Date(instant));
  const p = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parties.find((x) => x.type === type)?.value);
  const murale = Date.UTC(p('year'), p('month') - 1, p('day'), p('hour'), p('minute'));
  return murale - Math.floor(instant / 60_000) * 60_000;
}

/** The instant of a day and 'HH:mm' as read on a clock in Paris, as ISO (DST handled by Intl). */
export function instantParis(jour: Jour, heure: string): string {
  const naif = Date.parse(`${jour}T${heure}:00Z`);
  const approche = naif - decalageParis(naif);
  return new Date(naif - decalageParis(approche)).toISOString();
}
