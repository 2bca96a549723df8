import { FUSEAU_METIER } from '../dates';

/** Dates as the French users read them, always in Europe/Paris (docs/architecture.md §4). */

const MOIS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** A recurring day of the year, as a site's usage period stores it. */
export interface JourMois {
  jour: number;
  /** 1 = January. */
  mois: number;
}

const lireJourMois = (valeur: string | JourMois | null | undefined): JourMois | null => {
  if (!valeur) return null;
  if (typeof valeur !== 'string') return valeur;
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(valeur);
  return m ? { mois: Number(m[1]), jour: Number(m[2]) } : null;
};

/**
 * '05-15' (MM-DD) or { jour: 15, mois: 5 } → '15 mai'; the first of a month is written '1er',
 * as French does. An unreadable value gives ''.
 */
export function formaterJourMois(valeur: string | JourMois | null | undefined): string {
  const jm = lireJourMois(valeur);
  const mois = jm ? MOIS[jm.mois - 1] : undefined;
  if (!jm || !mois || jm.jour < 1 || jm.jour > 31) return '';
  return `${jm.jour === 1 ? '1er' : jm.jour} ${mois}`;
}

/** A site's usage period: 'du 15 mai au 30 septembre'; '' when neither end is known. */
export function formaterPeriode(
  debut: string | JourMois | null | undefined,
  fin: string | JourMois | null | undefined,
): string {
  const [d, f] = [formaterJourMois(debut), formaterJourMois(fin)];
  if (d && f) return `du ${d} au ${f}`;
  if (d) return `à partir du ${d}`;
  if (f) return `jusqu'au ${f}`;
  return '';
}

const enParis = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: FUSEAU_METIER, ...options });
const LONGUE = enParis({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const COURTE = enParis({ day: '2-digit', month: '2-digit', year: 'numeric' });
const HEURE = enParis({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 'lundi 23 novembre 2026'; 'mercredi 1er juillet 2026', as French writes the first. */
export const formaterDateLongue = (date: Date | string): string =>
  LONGUE.format(new Date(date)).replace(/^(\S+) 1 /, '$1 1er ');
/** '23/11/2026' */
export const formaterDate = (date: Date | string): string => COURTE.format(new Date(date));
/** '08:30' */
export const formaterHeure = (date: Date | string): string => HEURE.format(new Date(date));
/** '23/11/2026 08:30', e.g. the last synchronisation. */
export const formaterDateHeure = (date: Date | string): string =>
  `${formaterDate(date)} ${formaterHeure(date)}`;
