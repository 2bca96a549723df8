/**
 * The progress plan's dates and delays (spec part 2 §2 step 3, §5 'Dates'). A delay is free text
 * ('3 mois', '15 jours'), so only what cannot be meant is refused: a negative number. A date must
 * be a real dd/mm/yyyy or dd-mm-yyyy date. Device (step 3 → 4, finalisation) and server (push of a
 * finalised control) judge with these same functions.
 */
import { lireDateSaisie } from '../dates/saisie';
import { MESSAGES_SAISIE, MESSAGES_VALIDATION } from '../messages';
import { clesDe } from '../objets';
import type { ManquementGrille, Mesure } from './schemas';

export type ChampMesure = 'delai' | 'date';
export type TypeMesure = 'correctives' | 'correctrices';

const renseigne = (texte: string | null | undefined): texte is string =>
  texte !== null && texte !== undefined && texte.trim() !== '';

/** A leading minus (hyphen, minus sign, dashes) before a number: '-3 mois', '− 15'. */
const NEGATIF = /^\s*[-\u2212\u2010\u2011\u2012\u2013\u2014]\s*\d/;

/** The message at the delay field, or null when the delay is acceptable (blank included). */
export const erreurDelai = (delai: string | null | undefined): string | null =>
  renseigne(delai) && NEGATIF.test(delai) ? MESSAGES_VALIDATION.delaiNegatif : null;

/** The message at the date field, or null when blank or a real date. */
export const erreurDateMesure = (date: string | null | undefined): string | null =>
  renseigne(date) && lireDateSaisie(date) === null ? MESSAGES_VALIDATION.dateInvalide : null;

/** The messages of one measure's fields, by field. */
export function erreursMesure(mesure: Mesure): Partial<Record<ChampMesure, string>> {
  const erreurs: Partial<Record<ChampMesure, string>> = {};
  const delai = erreurDelai(mesure.delai);
  const date = erreurDateMesure(mesure.date);
  if (delai) erreurs.delai = delai;
  if (date) erreurs.date = date;
  return erreurs;
}

export interface ErreurPlanProgres {
  /** The manquement's key (point code + AOP-IGP id). */
  key: string;
  /** Where in the manquement list: the server answers with the field's path. */
  index: number;
  mesure: TypeMesure;
  champ: ChampMesure;
  message: string;
}

const MESURES: readonly TypeMesure[] = ['correctives', 'correctrices'];

/** Every invalid date or delay of the progress plan, in the order of the manquements. */
export function erreursPlanProgres(
  manquements: readonly Pick<ManquementGrille, 'key' | 'saisie'>[],
): ErreurPlanProgres[] {
  return manquements.flatMap((m, index) =>
    MESURES.flatMap((mesure) => {
      const erreurs = erreursMesure(m.saisie[mesure]);
      return clesDe(erreurs).flatMap((champ) => {
        const message = erreurs[champ];
        return message === undefined ? [] : [{ key: m.key, index, mesure, champ, message }];
      });
    }),
  );
}

export interface ValidationPlanProgres {
  valide: boolean;
  erreurs: ErreurPlanProgres[];
  /** The toast when the step change or the finalisation is refused, or null. */
  message: string | null;
}

/** The check that gates step 3 → 4 and finalisation, beside the grid's completeness. */
export function validerPlanProgres(grille: {
  manquements: readonly Pick<ManquementGrille, 'key' | 'saisie'>[];
}): ValidationPlanProgres {
  const erreurs = erreursPlanProgres(grille.manquements);
  return {
    valide: erreurs.length === 0,
    erreurs,
    message: erreurs.length === 0 ? null : MESSAGES_SAISIE.planProgresInvalide,
  };
}
