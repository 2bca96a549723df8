import { CONFORMITES } from './enums';
import { defined } from './invariant';
import { clesDe } from './objets';
import type {
  Civilite,
  Conformite,
  EtatManquement,
  Gravite,
  NatureControle,
  NiveauAffiche,
  ResultatControle,
  Seuil,
  Severite,
  StatutControle,
  StatutHabilitation,
  StatutTournee,
  TypeDocument,
} from './enums';

/** French labels of the enumerations, as the users of the product know them. */

export const LIBELLES_NIVEAU: Record<NiveauAffiche, string> = {
  HABILITATION: 'Habilitation',
  CHANGEMENT_NOM: 'Changement de nom',
  INIT_EXHAUSTIF: 'Initial exhaustif',
  INIT_EXHAUSTIF_INO: 'Initial exhaustif inopiné',
  INIT_CIBLE_INO: 'Initial ciblé inopiné',
  AUTRE_INO: 'Autre inopiné',
  SUP_TERRAIN: 'Supplémentaire terrain',
  SUP_TERRAIN_INO: 'Supplémentaire terrain inopiné',
  SUP_DOC: 'Supplémentaire documentaire',
  BLANC: 'Contrôle blanc',
  NON_RENSEIGNE: 'Non renseigné',
};

const estCle = <K extends string>(table: Record<K, string>, code: string): code is K =>
  Object.hasOwn(table, code);

/**
 * The French label of a control level read from stored or received data, where the code is a
 * plain string: an absent level reads 'Non renseigné'; a code this version does not know is
 * printed as it came rather than hidden.
 */
export function libelleNiveau(code: string | null | undefined): string {
  if (!code) return LIBELLES_NIVEAU.NON_RENSEIGNE;
  return estCle(LIBELLES_NIVEAU, code) ? LIBELLES_NIVEAU[code] : code;
}

export const LIBELLES_STATUT_CONTROLE: Record<StatutControle, string> = {
  PROGRAMME: 'Programmé',
  EN_COURS: 'En cours',
  ANNULE: 'Annulé',
  REALISE: 'Réalisé',
  REALISE_PP_NON_SIGNE: 'Réalisé, plan de progrès non signé',
  REALISE_ATTENTE_SIGNATURE: 'Réalisé, en attente de signature',
};

export const LIBELLES_RESULTAT: Record<ResultatControle, string> = {
  CONFORME: 'Conforme',
  NON_CONFORME: 'Non conforme',
};

export const LIBELLES_NATURE: Record<NatureControle, string> = {
  INTERNE: 'Interne',
  EXTERNE: 'Externe',
};

export const LIBELLES_STATUT_TOURNEE: Record<StatutTournee, string> = {
  PREPARATION: 'En préparation',
  ATTENTE_SYNCHRO: 'En attente de synchronisation',
  SYNCHRONISE: 'Synchronisée',
  ANNULE: 'Annulée',
  TERMINEE: 'Terminée',
};

/** Spec part 1 §4: PREPARATION warning, ATTENTE_SYNCHRO info, SYNCHRONISE primary, ANNULE negative, TERMINEE positive. */
export type RoleCouleur = 'warning' | 'info' | 'primary' | 'negative' | 'positive';
/** The colour role of the spec, and the Mantine colour that renders it. */
export interface CouleurStatut {
  role: RoleCouleur;
  mantine: 'yellow' | 'blue' | 'indigo' | 'red' | 'green';
}

export const COULEURS_STATUT_TOURNEE: Record<StatutTournee, CouleurStatut> = {
  PREPARATION: { role: 'warning', mantine: 'yellow' },
  ATTENTE_SYNCHRO: { role: 'info', mantine: 'blue' },
  SYNCHRONISE: { role: 'primary', mantine: 'indigo' },
  ANNULE: { role: 'negative', mantine: 'red' },
  TERMINEE: { role: 'positive', mantine: 'green' },
};

export const LIBELLES_ETAT_MANQUEMENT: Record<EtatManquement, string> = {
  EN_COURS: 'En cours',
  LEVE: 'Levé',
  CLOS: 'Clos',
  TRANSMIS_OC: "Transmis à l'OC",
  EN_COURS_OC: "En cours à l'OC",
  LEVE_OC: "Levé par l'OC",
};

export const LIBELLES_STATUT_HABILITATION: Record<StatutHabilitation, string> = {
  EN_ATTENTE: 'En attente',
  EN_COURS: 'En cours',
  VALIDEE: 'Habilité',
};

/** Conformity of a control point: the code is shown on the buttons, the label in tooltips. */
export const LIBELLES_CONFORMITE: Record<Conformite, string> = {
  C: 'conforme',
  NC: 'non conforme',
  SO: 'sans objet',
  NO: 'non observable',
};

/** 'C conforme', 'NC non conforme'…: code and label, as the report legend writes them. */
export const legendeConformite = (conformite: Conformite): string =>
  `${conformite} ${LIBELLES_CONFORMITE[conformite]}`;

/** The conformity legend printed in audit reports (spec part 2 §9). */
export const LEGENDE_CONFORMITE = CONFORMITES.map(legendeConformite).join(', ');

export const LIBELLES_GRAVITE: Record<Gravite, string> = {
  MINEUR: 'Mineur',
  MAJEUR: 'Majeur',
  GRAVE: 'Grave',
  SANS_GRAVITE: 'Sans gravité',
};

/** Thresholds grade the shortcomings of migrated labels instead of gravities. */
export const LIBELLES_SEUIL: Record<Seuil, string> = {
  SEUIL_1: 'Seuil 1',
  SEUIL_2: 'Seuil 2',
  SEUIL_3: 'Seuil 3',
  CONSTATE: 'Constaté',
};

/** Any severity stored on a grid entry, gravity or threshold. */
export const LIBELLES_SEVERITE: Record<Severite, string> = {
  ...LIBELLES_GRAVITE,
  ...LIBELLES_SEUIL,
};

/** A stored severity (gravity or threshold) as a label; empty when none. */
export function libelleSeverite(code: string | null | undefined): string {
  if (!code) return '';
  return estCle(LIBELLES_SEVERITE, code) ? LIBELLES_SEVERITE[code] : code;
}

export const LIBELLES_CIVILITE: Record<Civilite, string> = {
  MONSIEUR: 'Monsieur',
  MADAME: 'Madame',
};

export const LIBELLES_TYPE_DOCUMENT: Record<TypeDocument, string> = {
  DI: "Déclaration d'identification",
  RAPPORT_AUDIT: "Rapport d'audit",
  PLANNING: 'Planning de contrôle',
  AVIS_PASSAGE: 'Avis de passage',
  SIGNATURE: 'Signature',
  LOGO: 'Logo',
  CAHIER_DES_CHARGES: 'Cahier des charges',
  PLAN_INSPECTION: "Plan d'inspection",
};

const SEUIL_PAR_GRAVITE: Record<Gravite, Seuil> = {
  MINEUR: 'SEUIL_1',
  MAJEUR: 'SEUIL_2',
  GRAVE: 'SEUIL_3',
  SANS_GRAVITE: 'CONSTATE',
};

/**
 * Migrated labels grade by threshold instead of gravity (spec part 2 §3):
 * MINEUR↔SEUIL_1, MAJEUR↔SEUIL_2, GRAVE↔SEUIL_3, SANS_GRAVITE↔CONSTATE.
 */
export const seuilDeGravite = (gravite: Gravite): Seuil => SEUIL_PAR_GRAVITE[gravite];
export const graviteDeSeuil = (seuil: Seuil): Gravite =>
  defined(
    clesDe(SEUIL_PAR_GRAVITE).find((g) => SEUIL_PAR_GRAVITE[g] === seuil),
    `gravité du seuil ${seuil}`,
  );

/**
 * The severity column's title: 'Gravité'; a migrated label grades by threshold, so its column
 * says what the appellation configured (graviteColLabel: 'Seuil' or 'Récidive'), 'Seuil' when
 * it configured nothing or kept 'Gravité', which would misname thresholds.
 */
export function libelleColonneGravite(migre: boolean, graviteColLabel?: string | null): string {
  if (!migre) return 'Gravité';
  return graviteColLabel && graviteColLabel !== 'Gravité' ? graviteColLabel : 'Seuil';
}
