import { sql, type SQL } from 'drizzle-orm';
import {
  ETATS_MANQUEMENT_OUVERTS,
  STATUTS_A_REALISER,
  STATUTS_FINALISES,
  TYPES_DROIT,
} from '@estive/domain';

/**
 * The domain's status lists as SQL (`in (…)` operands), rendered once from the one definition so
 * that no query spells a list again or matches a prefix (`like 'REALISE%'` would take in any
 * status added with that prefix). The values are the domain's constants, never input: inlined.
 */
const liste = (valeurs: readonly string[]): SQL =>
  sql.raw(valeurs.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));

/** Signed and final controls: legal records (STATUTS_FINALISES). */
export const FINALISES = liste(STATUTS_FINALISES);
/** Controls still to be made in the field (STATUTS_A_REALISER). */
export const A_REALISER = liste(STATUTS_A_REALISER);
/** Shortcomings still open (ETATS_MANQUEMENT_OUVERTS). */
export const OUVERTS = liste(ETATS_MANQUEMENT_OUVERTS);
/** The organisms that are an ODG, of either kind (TYPES_DROIT: the types a right is given on). */
export const TYPES_ODG = liste(TYPES_DROIT);
