/**
 * French texts of the grid engine. The spec's messages keep its exact wording (spec part 2 §5
 * and §8); the verdict explanations are ours, short enough for a tablet row.
 */
import type { OperateurSeuil } from '../enums';
import type { ErreurFormule } from '../formule';
import {
  formuleCodeAbsent,
  formuleEnErreur,
  LIBELLES_SAISIE,
  MESSAGES_SAISIE,
  MESSAGES_VALIDATION,
} from '../messages';

/**
 * The grid's messages, taken from the shared catalogue so that the engine, the input check and
 * the screens can never word the same message two ways.
 */
export const MESSAGES_GRILLE = {
  /** Step 3 → 4 refused (marks step 2 in error). */
  grilleIncomplete: MESSAGES_SAISIE.grilleIncomplete,
  /** The exploitation input is not an integer, a decimal or a date. */
  valeurExploitation: MESSAGES_VALIDATION.valeurExploitation,
  nonFinalisable: MESSAGES_SAISIE.nonFinalisable,
  completer: MESSAGES_SAISIE.completer,
  /** Tab name of the exploitation groups, also the key of its incompleteness marker. */
  ongletSystemeExploitation: LIBELLES_SAISIE.systemeExploitation,
  /** Toast of 10 s. */
  formuleCodeAbsent,
  /** Toast of 5 s, throttled at 2 s. */
  formuleEnErreur,
} as const;

/** The toast of a line that cannot be computed; a cycle shows as 'présente une erreur'. */
export const messageErreurFormule = (erreur: ErreurFormule): string =>
  erreur.erreur === 'CODE_ABSENT'
    ? MESSAGES_GRILLE.formuleCodeAbsent(erreur.code, erreur.formule)
    : MESSAGES_GRILLE.formuleEnErreur(erreur.code, erreur.formule);

/** Operators as printed in French text. */
const SYMBOLES: Record<OperateurSeuil, string> = {
  '<': '<',
  '<=': '≤',
  '>': '>',
  '>=': '≥',
  '=': '=',
  '!=': '≠',
};

const nombreFr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 });

/**
 * '1,45 UGB/ha': French number, then the unit when there is one. Up to 6 decimals, more when the
 * value lies so close to one of `limites` that fewer would print the limit itself (0,999999999
 * against a minimum of 1 must not read '1').
 */
export const formaterMesure = (
  nombre: number,
  unite?: string | null,
  limites: readonly number[] = [],
) => {
  let texte = nombreFr.format(nombre);
  for (
    let d = 7;
    d <= 20 && limites.some((l) => l !== nombre && texte === nombreFr.format(l));
    d++
  ) {
    texte = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: d }).format(nombre);
  }
  return unite ? `${texte} ${unite}` : texte;
};

export const formaterNombre = (nombre: number) => nombreFr.format(nombre);

/** 'mineur < 1': a threshold as the explanation cites it. */
export const decrireSeuil = (
  niveau: string,
  seuil: { operateur: OperateurSeuil; valeur: number },
) => `${niveau} ${SYMBOLES[seuil.operateur]} ${nombreFr.format(seuil.valeur)}`;

/** How each verdict is explained on screen, next to the point. */
export const EXPLICATIONS = {
  nonConforme: (
    mesure: string,
    operateur: OperateurSeuil,
    seuil: string,
    niveau: string,
    gravite: string,
  ) =>
    `Valeur ${mesure} ${SYMBOLES[operateur]} ${seuil} (seuil ${niveau}) : non conforme, ${gravite}`,
  conforme: (mesure: string, seuilLimite: string) =>
    `Valeur ${mesure} : aucun seuil atteint (${seuilLimite}) : conforme`,
  sansSeuil: (mesure: string) => `Valeur ${mesure} : aucun seuil défini : conforme`,
  valeurEffacee: 'Valeur non renseignée : conformité effacée',
} as const;
