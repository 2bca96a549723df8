/**
 * The due date of a progress-plan measure (spec part 2 §2 step 3: 'measure, delay, date'): the
 * date the controller typed, else the control's day plus the delay when the delay reads as a
 * duration ('15 jours', '3 semaines', '2 mois', '1 an'). A delay in any other words ('avant la
 * prochaine traite') gives no date: the office sets it. The office's overdue list and reminders
 * read this date, so the device and the server must compute the same one.
 */
import { lireDateSaisie, partiesJour, type Jour } from '../dates';
import type { Mesure } from './schemas';

const DUREE = /^\s*(\d{1,4})\s*(j|jours?|sem(?:aines?)?|mois|ans?|années?)\s*\.?\s*$/i;

const jourIso = (annee: number, mois: number, jour: number): Jour =>
  `${String(annee).padStart(4, '0')}-${String(mois).padStart(2, '0')}-${String(jour).padStart(2, '0')}`;

/** `jour` + n months, the day of month kept or brought back to the month's last (31/01 + 1 mois = 28/02). */
function ajouterMois(jour: Jour, n: number): Jour {
  const [a, m, j] = partiesJour(jour);
  const cible = new Date(Date.UTC(a, m - 1 + n, 1));
  const dernier = new Date(
    Date.UTC(cible.getUTCFullYear(), cible.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return jourIso(cible.getUTCFullYear(), cible.getUTCMonth() + 1, Math.min(j, dernier));
}

function ajouterJoursIso(jour: Jour, n: number): Jour {
  const d = new Date(`${jour}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The day a delay ends, from the control's day; null when the delay is not a duration. */
export function finDelai(jourControle: Jour, delai: string | null): Jour | null {
  const m = delai === null ? null : DUREE.exec(delai);
  if (!m) return null;
  const n = Number(m[1]);
  const unite = (m[2] ?? '').toLowerCase();
  if (unite.startsWith('j')) return ajouterJoursIso(jourControle, n);
  if (unite.startsWith('s')) return ajouterJoursIso(jourControle, 7 * n);
  if (unite === 'mois') return ajouterMois(jourControle, n);
  return ajouterMois(jourControle, 12 * n);
}

/** The measure's due day ('yyyy-mm-dd'): its typed date, else the end of its delay, else null. */
export function echeanceMesure(mesure: Mesure, jourControle: Jour): Jour | null {
  const saisie = mesure.date === null ? null : lireDateSaisie(mesure.date);
  if (saisie) return jourIso(saisie.annee, saisie.mois, saisie.jour);
  return finDelai(jourControle, mesure.delai);
}
