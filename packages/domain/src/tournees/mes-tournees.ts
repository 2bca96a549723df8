import { jourParis, type Jour } from '../dates';
import { STATUTS_A_REALISER, STATUTS_CLOS, type StatutControle } from '../enums';

/** What Mes tournées needs of a control: when it happens and where it stands. */
export interface ControlePlanifie {
  /** ISO instant (or 'yyyy-mm-dd'); its day is the one seen in Europe/Paris. */
  date: string;
  statut: StatutControle;
}

/** Done or cancelled: nothing left to do in the field, so they never set the initial date. */
const CLOS: ReadonlySet<StatutControle> = new Set(STATUTS_CLOS);

/**
 * The day Mes tournées opens on (spec part 1 §2): the earliest day among controls still to do,
 * so a controller lands on the work that waits; today when nothing waits.
 */
export function dateInitialeMesTournees(
  controles: readonly ControlePlanifie[],
  aujourdhui: Jour,
): Jour {
  const jours = controles.filter((c) => !CLOS.has(c.statut)).map((c) => jourParis(c.date));
  return jours.length > 0 ? jours.reduce((a, b) => (b < a ? b : a)) : aujourdhui;
}

/** Only programmed or started controls can be cancelled (spec part 1 §4). */
export const peutAnnuler = (statut: StatutControle): boolean => STATUTS_A_REALISER.includes(statut);

/** The cancel and enter-data buttons of a card: shown exactly when the control can be cancelled. */
export const afficheActions = peutAnnuler;
