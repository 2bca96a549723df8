import type {
  Controleur as ControleurContrat,
  OperateurInformations,
  TourneeDashboardLigne,
} from '@estive/contracts';

/** The rounds API as the screens read it: the contracts' types (packages/contracts/src/tournees.ts). */
export type {
  ControleTournee as ControleTourneeServeur,
  OperateurControles,
  Tournee,
  TourneeOperateur as OperateurTournee,
} from '@estive/contracts';

export interface Reference {
  id: string;
  libelle: string;
}
export interface Document {
  id: string;
  fileName: string;
}

/** Table rows: mantine-datatable wants records indexable by their accessors. */
export type LigneDashboard = TourneeDashboardLigne & Record<string, unknown>;
export type Controleur = ControleurContrat & Record<string, unknown>;

/** `GET /api/panier/informations`: what a card offers for an operator. */
export type InformationsOperateur = OperateurInformations;
