import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { personneMorale } from '../../db/schema';
import { motifContient } from '../../lib/paging';

/** A typed text as a LIKE pattern, normalised by the function that builds `recherche`. */
export const motif = (texte: string) => sql`estive_normalise(${motifContient(texte)})`;

/**
 * The operator's field contains the text, accent- and case-blind: the GIN trigram index on
 * `personne_morale.recherche` (which holds every searched field, normalised) finds the candidates,
 * the field itself is rechecked.
 */
export const contient = (champ: SQL | AnyColumn, texte: string) => {
  const m = motif(texte);
  return sql`(${personneMorale.recherche} like ${m} and estive_normalise(coalesce(${champ}, '')) like ${m})`;
};
