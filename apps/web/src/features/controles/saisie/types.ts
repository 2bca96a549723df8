import type { Civilite, TypeDocument } from '@estive/domain';
import type { ControleLocal, OperateurLocal } from '../../../offline/db';

/**
 * The fields of a control document and of an operator that the entry form reads, beyond what the
 * device store types (records arrive from the pull feeds with every server field).
 */

export interface FichierControle {
  id: string;
  fileName: string;
  typeDocument?: TypeDocument;
  dateCreation?: string | null;
}

export interface ManquementPrecedent {
  id?: string;
  dateDerniereEvolution?: string | null;
  categorie?: string | null;
  niveau?: string | null;
  pointControleCode: string;
  pointControleLibelle: string;
  informationsAuditeur?: string | null;
  informationsAudite?: string | null;
  commentaire?: string | null;
  mesureCorrective?: string | null;
  delaiSuiviCorrective?: string | null;
  dateSuiviCorrective?: string | null;
  mesureCorrectrice?: string | null;
  delaiSuiviCorrectrice?: string | null;
  dateSuiviCorrectrice?: string | null;
}

export interface AopControle {
  id: string;
  libelle: string;
  type?: string;
  migre?: boolean;
  graviteColLabel?: string | null;
}

export interface ControleSaisi extends ControleLocal {
  aopIgp: AopControle;
  dateDi?: string | null;
  fichiers?: FichierControle[];
  grille?: unknown;
  synthese?: unknown;
  dernierManquements?: ManquementPrecedent[];
  conflit?: boolean;
}

export interface SiteOperateur {
  id: string;
  libelle: string;
  ede?: string | null;
  adresse1?: string | null;
  adresse2?: string | null;
  adresse3?: string | null;
  codePostal?: string | null;
  ville?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  debutUtilisation?: string | null;
  finUtilisation?: string | null;
  telephone?: string | null;
  mail?: string | null;
  aopIds?: string[];
}

export interface ContactOperateur {
  id: string;
  civilite?: Civilite | null;
  nom: string;
  prenom?: string | null;
  telephone1?: string | null;
  telephone2?: string | null;
  fonction?: string | null;
}

export interface OperateurSaisi extends Omit<OperateurLocal, 'sites' | 'contacts'> {
  nom?: string | null;
  pacage?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  siteWeb?: string | null;
  sites?: SiteOperateur[];
  contacts?: ContactOperateur[];
}

/** The editable contact details of step 1, saved through the operator-modification queue. */
export interface Coordonnees {
  telephone1: string;
  telephone2: string;
  mail: string;
  siteWeb: string;
}
