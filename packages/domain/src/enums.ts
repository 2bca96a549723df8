/**
 * Enumerations of both spec parts. Each is a readonly tuple so that zod schemas, SQL enums and
 * TypeScript unions all derive from one list.
 */

export const ROLES = ['ROLE_CNAOL', 'ROLE_ANIMATEUR', 'ROLE_CONTROLEUR'] as const;
export type Role = (typeof ROLES)[number];
/** The office: the national body and the ODGs' animators (every role but the controller's). */
export const ROLES_BUREAU = ['ROLE_CNAOL', 'ROLE_ANIMATEUR'] as const satisfies readonly Role[];

export const TYPES_DROIT = ['ODG', 'ODG_REFERENTE'] as const;
export type TypeDroit = (typeof TYPES_DROIT)[number];

export const TYPES_ORGANISME = ['ODG', 'ODG_REFERENTE', 'OC'] as const;
export type TypeOrganisme = (typeof TYPES_ORGANISME)[number];

/** NON_RENSEIGNE is display-only: it is never stored nor chosen. */
export const NIVEAUX_CONTROLE = [
  'HABILITATION',
  'CHANGEMENT_NOM',
  'INIT_EXHAUSTIF',
  'INIT_EXHAUSTIF_INO',
  'INIT_CIBLE_INO',
  'AUTRE_INO',
  'SUP_TERRAIN',
  'SUP_TERRAIN_INO',
  'SUP_DOC',
  'BLANC',
] as const;
export type NiveauControle = (typeof NIVEAUX_CONTROLE)[number];
export type NiveauAffiche = NiveauControle | 'NON_RENSEIGNE';

export const STATUTS_CONTROLE = [
  'PROGRAMME',
  'EN_COURS',
  'ANNULE',
  'REALISE',
  'REALISE_PP_NON_SIGNE',
  'REALISE_ATTENTE_SIGNATURE',
] as const;
export type StatutControle = (typeof STATUTS_CONTROLE)[number];

/**
 * Signed and final (spec part 2 §4): the report no longer changes, on the device or the server.
 * The one list: the server's SQL renders it (db/vocabulaire.ts), never a `like 'REALISE%'`.
 */
export const STATUTS_FINALISES: readonly StatutControle[] = [
  'REALISE',
  'REALISE_PP_NON_SIGNE',
  'REALISE_ATTENTE_SIGNATURE',
];
export const estFinalise = (statut: string | null | undefined): boolean =>
  STATUTS_FINALISES.some((s) => s === statut);

/** Still to be made in the field: what a controller plans, an office cancels or anonymises. */
export const STATUTS_A_REALISER: readonly StatutControle[] = ['PROGRAMME', 'EN_COURS'];

/** Nothing left to do in the field: finalised or cancelled. */
export const STATUTS_CLOS: readonly StatutControle[] = ['ANNULE', ...STATUTS_FINALISES];

export const RESULTATS_CONTROLE = ['CONFORME', 'NON_CONFORME'] as const;
export type ResultatControle = (typeof RESULTATS_CONTROLE)[number];

export const NATURES_CONTROLE = ['INTERNE', 'EXTERNE'] as const;
export type NatureControle = (typeof NATURES_CONTROLE)[number];

export const STATUTS_TOURNEE = [
  'PREPARATION',
  'ATTENTE_SYNCHRO',
  'SYNCHRONISE',
  'ANNULE',
  'TERMINEE',
] as const;
export type StatutTournee = (typeof STATUTS_TOURNEE)[number];

export const ETATS_MANQUEMENT = [
  'EN_COURS',
  'LEVE',
  'CLOS',
  'TRANSMIS_OC',
  'EN_COURS_OC',
  'LEVE_OC',
] as const;
export type EtatManquement = (typeof ETATS_MANQUEMENT)[number];

/** A shortcoming still open (dashboards, reminders, operator pressure): not lifted nor closed. */
export const ETATS_MANQUEMENT_OUVERTS: readonly EtatManquement[] = [
  'EN_COURS',
  'TRANSMIS_OC',
  'EN_COURS_OC',
];

/** The two follow-ups of a shortcoming, each with its due date and its reminder. */
export const MESURES_MANQUEMENT = ['CORRECTIVE', 'CORRECTRICE'] as const;
export type MesureManquement = (typeof MESURES_MANQUEMENT)[number];

export const STATUTS_HABILITATION = ['EN_ATTENTE', 'EN_COURS', 'VALIDEE'] as const;
export type StatutHabilitation = (typeof STATUTS_HABILITATION)[number];

export const CONFORMITES = ['C', 'NC', 'SO', 'NO'] as const;
export type Conformite = (typeof CONFORMITES)[number];

export const GRAVITES = ['MINEUR', 'MAJEUR', 'GRAVE', 'SANS_GRAVITE'] as const;
export type Gravite = (typeof GRAVITES)[number];

export const SEUILS = ['SEUIL_1', 'SEUIL_2', 'SEUIL_3', 'CONSTATE'] as const;
export type Seuil = (typeof SEUILS)[number];

/** Severity as stored on a grid entry: a gravity, or for migrated labels a threshold. */
export const SEVERITES = [...GRAVITES, ...SEUILS] as const;
export type Severite = (typeof SEVERITES)[number];

export const SOURCES_POINT = ['CONSTAT', 'NUMERIQUE', 'EXPLOITATION'] as const;
export type SourcePoint = (typeof SOURCES_POINT)[number];

export const OPERATEURS_SEUIL = ['<', '<=', '>', '>=', '=', '!='] as const;
export type OperateurSeuil = (typeof OPERATEURS_SEUIL)[number];

export const CIVILITES = ['MONSIEUR', 'MADAME'] as const;
export type Civilite = (typeof CIVILITES)[number];

/** DI and RAPPORT_AUDIT are the spec's; the others are the files the product stores itself. */
export const TYPES_DOCUMENT = [
  'DI',
  'RAPPORT_AUDIT',
  'PLANNING',
  'AVIS_PASSAGE',
  'SIGNATURE',
  'LOGO',
  // Reference documents of a label (settings, issue 16).
  'CAHIER_DES_CHARGES',
  'PLAN_INSPECTION',
] as const;
export type TypeDocument = (typeof TYPES_DOCUMENT)[number];
export const TYPES_REFERENTIEL = ['CAHIER_DES_CHARGES', 'PLAN_INSPECTION'] as const;
export type TypeReferentiel = (typeof TYPES_REFERENTIEL)[number];

export const TYPES_AOP_IGP = ['AOP', 'IGP'] as const;
export type TypeAopIgp = (typeof TYPES_AOP_IGP)[number];

/** A scheduled task's run (settings, 'Tâches'): how it started and where it stands. */
export const DECLENCHEMENTS_TACHE = ['PLANIFIE', 'MANUEL'] as const;
export type DeclenchementTache = (typeof DECLENCHEMENTS_TACHE)[number];
export const STATUTS_EXECUTION = ['EN_COURS', 'SUCCES', 'ECHEC'] as const;
export type StatutExecution = (typeof STATUTS_EXECUTION)[number];

/** A mail's outcome: sent, only logged (no SMTP_URL), or refused by the mail server. */
export const RESULTATS_ENVOI = ['ENVOYE', 'JOURNAL', 'ECHEC'] as const;
export type ResultatEnvoi = (typeof RESULTATS_ENVOI)[number];
