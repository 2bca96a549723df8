import type { StatutControle } from '../enums';
import { jourParis } from '../validation/dates';

/** Calendar days are 'yyyy-mm-dd' strings, judged in Europe/Paris (DESIGN §4). */
export type Jour = string;

export const ajouterJours = (jour: Jour, n: number): Jour => {
  const [y, m, d] = jour.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/** Monday of the week holding that day. */
export function lundiDe(jour: Jour): Jour {
  const [y, m, d] = jour.split('-').map(Number) as [number, number, number];
  return ajouterJours(jour, -((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7));
}

export type Affichage = 'WEEK' | 'DAY';
export const AFFICHAGE_PAR_DEFAUT: Affichage = 'WEEK';

/** The columns shown: the work week Monday to Saturday, or the day itself. */
export const joursAffiches = (jour: Jour, affichage: Affichage): Jour[] =>
  affichage === 'DAY'
    ? [jour]
    : Array.from({ length: 6 }, (_, i) => ajouterJours(lundiDe(jour), i));

/** Previous / next: a 7-day step in week view, 1 day in day view. */
export const naviguer = (jour: Jour, affichage: Affichage, sens: 1 | -1): Jour =>
  ajouterJours(jour, sens * (affichage === 'WEEK' ? 7 : 1));

const TERMINES: ReadonlySet<StatutControle> = new Set([
  'ANNULE',
  'REALISE',
  'REALISE_PP_NON_SIGNE',
  'REALISE_ATTENTE_SIGNATURE',
]);

/** Initial date of Mes tournées: the earliest date among controls still to do; today otherwise. */
export function dateInitialeMesTournees(
  controles: readonly { date: string; statut: StatutControle }[],
  aujourdhui: Jour,
): Jour {
  const aFaire = controles.filter((c) => !TERMINES.has(c.statut)).map((c) => jourParis(c.date));
  return aFaire.length ? aFaire.sort()[0] : aujourdhui;
}

/** Only programmed or started controls can be cancelled or entered. */
export const afficheActions = (statut: StatutControle) =>
  statut === 'PROGRAMME' || statut === 'EN_COURS';
