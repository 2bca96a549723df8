/** Demo dates are relative to today's week in Europe/Paris, where business dates are judged. */

import { partiesJour } from '@estive/domain';

const PARIS = 'Europe/Paris';

/** Minutes between UTC and Paris at that instant (60 in winter, 120 in summer). */
function decalageParisMinutes(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: PARIS,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant of a Paris wall-clock time on a calendar day given as yyyy-mm-dd. */
export function heureParis(jour: string, heure: number, minute = 0): Date {
  const [y, m, d] = partiesJour(jour);
  const approx = new Date(Date.UTC(y, m - 1, d, heure, minute));
  return new Date(approx.getTime() - decalageParisMinutes(approx) * 60_000);
}

/** Today's calendar day in Paris as yyyy-mm-dd. */
export function aujourdhuiParis(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PARIS }).format(now);
}

export function ajouterJours(jour: string, jours: number): string {
  const [y, m, d] = partiesJour(jour);
  return new Date(Date.UTC(y, m - 1, d + jours)).toISOString().slice(0, 10);
}

/** Monday of the week holding that day. */
export function lundiDe(jour: string): string {
  const [y, m, d] = partiesJour(jour);
  const jourSemaine = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return ajouterJours(jour, -((jourSemaine + 6) % 7));
}
