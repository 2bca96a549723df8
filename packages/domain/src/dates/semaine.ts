import { partiesJour, type Jour } from './paris';

/** Calendar arithmetic on 'yyyy-mm-dd' days, done in UTC where days never skip nor repeat. */

const versUtc = (jour: Jour): Date => {
  const [annee, mois, date] = partiesJour(jour);
  return new Date(Date.UTC(annee, mois - 1, date));
};

export const ajouterJours = (jour: Jour, n: number): Jour => {
  const d = versUtc(jour);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Monday of the week holding that day: the work week starts on Monday (spec part 1 §2). */
export const lundiDe = (jour: Jour): Jour =>
  ajouterJours(jour, -((versUtc(jour).getUTCDay() + 6) % 7));

/** 'Semaine de travail': Monday to Saturday, controls never happen on Sundays. */
export const joursSemaineTravail = (jour: Jour): Jour[] =>
  Array.from({ length: 6 }, (_, i) => ajouterJours(lundiDe(jour), i));

/** Display option of Mes tournées; WEEK is the default, online and offline (spec part 2 §9). */
export const AFFICHAGES = ['WEEK', 'DAY'] as const;
export type Affichage = (typeof AFFICHAGES)[number];
export const AFFICHAGE_PAR_DEFAUT: Affichage = 'WEEK';

/** The columns shown: the work week, or the day itself. */
export const joursAffiches = (jour: Jour, affichage: Affichage): Jour[] =>
  affichage === 'DAY' ? [jour] : joursSemaineTravail(jour);

/** Previous / next arrows: a 7-day step in week view, 1 day in day view. */
export const naviguer = (jour: Jour, affichage: Affichage, sens: 1 | -1): Jour =>
  ajouterJours(jour, sens * (affichage === 'WEEK' ? 7 : 1));
