import type { NiveauControle, StatutControle, StatutTournee } from '@estive/domain';

/**
 * The rounds API as the screens read it (spec part 1 §3 'Round', 'Control inside a round being
 * prepared', 'Round control payload'). Provisional copy of lane 14's contracts
 * (packages/contracts/src/tournees.ts), replaced by imports once they are on main.
 */
export interface Reference {
  id: string;
  libelle: string;
}
export interface Document {
  id: string;
  fileName: string;
}

export interface ControleTourneeServeur {
  id: string;
  personneMoraleId: string;
  date: string;
  aopIgp: Reference;
  sites: Reference[];
  niveau: NiveauControle;
  statut: StatutControle;
  resultat: string | null;
  activiteAopIgpIds: string[];
  activites: Reference[];
  fichierIds: string[];
}

/** `POST /api/tournee/{id}/ajoute`: one operator's controls. */
export interface OperateurControles {
  personneMoraleId: string;
  date: string | null;
  controles: {
    aopId: string;
    siteIds: string[];
    niveau: NiveauControle | null;
    activiteAopIgpIds: string[];
    fichierIds: string[];
  }[];
}

export interface OperateurTournee {
  operateur: {
    id: string;
    raisonSociale: string;
    siret: string;
    codePostal: string | null;
    ville: string | null;
  };
  valide: boolean;
  date: string | null;
  avisPassage: Document | null;
  controles: ControleTourneeServeur[];
  brouillon: OperateurControles | null;
}

export interface Tournee {
  id: string;
  debut: string | null;
  fin: string | null;
  statut: StatutTournee;
  campagne: Reference | null;
  controleur: { id: string; nom: string; prenom: string } | null;
  controleurId: string | null;
  controleurDenomination: string | null;
  odgId: string;
  planning: Document | null;
  nbOperateurs: number;
  operateurs: OperateurTournee[];
}

/** A row of the programming dashboard, with its sub-table. */
export interface LigneDashboard extends Omit<Tournee, 'operateurs'>, Record<string, unknown> {
  controles: {
    id: string;
    personneMoraleId: string;
    raisonSociale: string;
    aopIgp: Reference;
    date: string;
    sites: Reference[];
    niveau: NiveauControle;
    activites: Reference[];
    statut: StatutControle;
  }[];
}

export interface Controleur extends Record<string, unknown> {
  id: string;
  nom: string;
  prenom: string;
  mail: string | null;
  telephone: string | null;
  personneMorale: { raisonSociale: string; siret: string | null } | null;
}

/** `GET /api/panier/informations`: what a card offers for an operator. */
export interface InformationsOperateur {
  raisonSociale: string;
  siret: string;
  codePostal: string | null;
  ville: string | null;
  sites: {
    id: string;
    libelle: string;
    siege: boolean;
    codePostal: string | null;
    ville: string | null;
    aopIds: string[];
  }[];
  appellations: { aopIgp: Reference; activites: Reference[] }[];
  documents: { id: string; fileName: string; typeDocument: string; dateCreation: string }[];
}
