/**
 * French texts of the grid engine. The spec's messages keep its exact wording (spec part 2 §5
 * and §8); the verdict explanations are ours, short enough for a tablet row.
 */
import type { OperateurSeuil } from '../enums';
import type { ErreurFormule } from '../formule';

export const MESSAGES_GRILLE = {
  /** Step 3 → 4 refused (marks step 2 in error). */
  grilleIncomplete: "Des éléments de la grille de saisie n'ont pas été renseignés",
  /** The exploitation input is not an integer, a decimal or a date. */
  valeurExploitation: 'La valeur doit être un entier, un nombre à virgule ou une date (jj/mm/aaaa)',
  nonFinalisable: 'Le contrôle ne peut pas être finalisé',
  completer: 'Merci de compléter les éléments manquants',
  /** Tab name of the exploitation groups, also the key of its incompleteness marker. */
  ongletSystemeExploitation: 'Systeme exploitation',
  /** Toast of 10 s. */
  formuleCodeAbsent: (code: string, formule: string) =>
    `La ligne ${code} n'est pas calculable car un code de sa formule (${formule}) n'est pas présent dans le système d'exploitation`,
  /** Toast of 5 s, throttled at 2 s. */
  formuleEnErreur: (code: string, formule: string) =>
    `La ligne ${code} n'est pas calculable car un code de sa formule (${formule}) présente une erreur`,
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

/** '1,45 UGB/ha': French number, then the unit when there is one. */
export const formaterMesure = (nombre: number, unite?: string | null) =>
  unite ? `${nombreFr.format(nombre)} ${unite}` : nombreFr.format(nombre);

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
