import { inArray, sql, type SQL } from 'drizzle-orm';
import { operateurMot as om } from './schema';

/** The fields of the word index (migration 0021); `rs` is the raison sociale. */
export type ChampMot = 'rs' | 'nom' | 'siret' | 'cp' | 'ville' | 'mail' | 'ede' | 'pac';

/** A typed word, to be found at the start of a word of the operator (in these fields if named). */
export interface CritereMot {
  mot: string;
  champs: readonly ChampMot[];
}

/** The perimeter of the operators no ODG holds yet (no habilitation) in the word index. */
export const SANS_ODG = 0;

/** Beyond this, more words only narrow a search that is narrow already: the rest are ignored. */
const MOTS_MAX = 8;

/**
 * Typed text split as `estive_mots` splits what it indexes: runs of letters and digits (the
 * accents are dropped in SQL by the same `estive_normalise`). Digits typed in groups
 * ("123 456 789 00012") are one SIRET. One-letter words are dropped when a longer one is typed:
 * "Mont d'Or" looks for mont and or, not for every word that starts with d.
 */
export function motsTapes(texte: string | undefined): string[] {
  const mots = (texte ?? '')
    .replace(/(\d)\s+(?=\d)/g, '$1')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  const longs = mots.filter((m) => m.length > 1);
  return [...new Set(longs.length ? longs : mots)].slice(0, MOTS_MAX);
}

/**
 * The criteria of a text typed for these fields (every field when none is named). A text without
 * a letter or a digit ("%", "-") is one criterion that nothing matches, not an empty search.
 */
export function criteres(texte: string | undefined, ...champs: ChampMot[]): CritereMot[] {
  const mots = motsTapes(texte);
  if (mots.length === 0 && texte?.trim()) return [{ mot: '', champs }];
  return mots.map((mot) => ({ mot, champs }));
}

/**
 * The words that start with the typed word, as a range of the index's `text_pattern_ops` order
 * (byte order): from the word to the word followed by U+10FFFF, the last code point (a
 * noncharacter no text holds), so every word that continues it sorts inside. `like $1 || '%'`
 * says the same, but only a constant pattern becomes an index range: it forced a new plan on every
 * run, where this range keeps a prepared statement's generic plan (docs/decisions.md). The typed
 * word holds only letters and digits (`motsTapes`): no wildcard to escape.
 */
const prefixe = (mot: string) =>
  sql`${om.mot} ~>=~ estive_normalise(${mot}) and ${om.mot} ~<~ (estive_normalise(${mot}) || chr(1114111))`;

/**
 * The operators of these perimeters (an ODG id, or 0 for operators no ODG holds yet) that match
 * every criterion (and that are `habilite`, or not, when asked: migration 0022), as a query of
 * `(id, raison_sociale)` rows, each once. It reads the word index alone (index-only): the cost
 * follows the matching words, not the operators' rows.
 */
export function operateursCorrespondants(
  perimetres: number[],
  liste: CritereMot[],
  habilite?: boolean,
): SQL {
  const retenues =
    habilite === undefined
      ? inArray(om.odgId, perimetres)
      : sql`${inArray(om.odgId, perimetres)} and ${om.habilite} = ${habilite}`;
  const colonnes = sql`${om.personneMoraleId} as id, ${om.raisonSociale} as raison_sociale`;
  // An operator has one empty word per perimeter, and 0 only when it has no other: no duplicate.
  // (Its field is '' too; saying so would make the planner count the two as independent and
  // expect a thirteenth of the rows.)
  if (liste.length === 0) {
    return sql`select ${colonnes} from ${om} where ${retenues} and ${om.mot} = ''`;
  }
  const parMot = liste.map(({ mot, champs }) =>
    mot === ''
      ? sql`select ${colonnes} from ${om} where false`
      : sql`select ${colonnes} from ${om} where ${retenues}
              and ${prefixe(mot)}${champs.length ? sql` and ${inArray(om.champ, [...champs])}` : sql``}`,
  );
  // INTERSECT keeps each operator once; a lone word needs DISTINCT (two of its words may match).
  return parMot.length === 1
    ? sql`select distinct * from (${parMot[0]}) as m`
    : sql.join(parMot, sql` intersect `);
}

/** The sort keys the perimeter's rows of the word index carry (migration 0023). */
const CLES_DE_TRI = {
  siret: om.siret,
  code_postal: om.codePostal,
  ville: om.ville,
  mail: om.mail,
  ede: om.ede,
};
export type CleDeTri = keyof typeof CLES_DE_TRI;

/**
 * Every operator of one perimeter (that is `habilite`, or not, when asked), as rows of `(id,
 * raison_sociale)` and the sort keys named: sorted by one of them, the query walks that key's index
 * and stops at the page. Only the keys sorted by: another would be read from the table.
 */
export function operateursDuPerimetre(
  perimetre: number,
  cles: readonly CleDeTri[],
  habilite?: boolean,
): SQL {
  const colonnes = cles.map((cle) => sql`, ${CLES_DE_TRI[cle]} as ${sql.identifier(cle)}`);
  return sql`select ${om.personneMoraleId} as id, ${om.raisonSociale} as raison_sociale${sql.join(colonnes)}
               from ${om} where ${om.odgId} = ${perimetre} and ${om.mot} = ''${habilite === undefined ? sql`` : sql` and ${om.habilite} = ${habilite}`}`;
}

/** The order of `operateursCorrespondants` rows that the word index gives without a sort. */
export const PAR_RAISON_SOCIALE = sql`raison_sociale, id`;
