/**
 * PROVISIONAL: the grid (`@estive/domain` src/grille) and the report payload (`@estive/report`
 * src/payload.ts) are being written in parallel; these are the shapes of spec part 2 §3 and §7
 * until they land, then this file re-exports theirs.
 */
import type { Conformite, Severite, SourcePoint } from '@estive/domain';

export interface SaisiePoint {
  observation?: string | null;
  valeur?: string | null;
  conformite?: Conformite | null;
  gravite?: Severite | null;
}
export interface EntreeAopPoint {
  aopIgpId: string;
  aopIgpLibelle: string;
  migre?: boolean;
  hasManquement?: boolean;
  saisie: SaisiePoint;
}
export interface PointGrille {
  id: string;
  code: string;
  ordre: number;
  libelle: string;
  reference?: string | null;
  source: SourcePoint;
  aops: EntreeAopPoint[];
}
export interface CategorieGrille {
  id: string;
  libelle: string;
  ordre: number;
  points: PointGrille[];
}
export interface PointSysExpGrille {
  code: string;
  libelle: string;
  formule?: string | null;
  valeur?: string | number | null;
  unite?: string | null;
  dec?: number | null;
}
export interface GroupeSysExpGrille {
  id: string;
  libelle: string;
  ignore: boolean;
  points: PointSysExpGrille[];
}
export interface Mesure {
  mesure?: string | null;
  delai?: string | null;
  date?: string | null;
}
export interface ManquementGrille {
  key: string;
  pointControleId: string;
  pointControleCode: string;
  libelle: string;
  reference?: string | null;
  aopIgp: { id: string; libelle: string };
  seuil?: Severite | null;
  valeur?: string | null;
  categorie?: string | null;
  saisie: {
    informationsAuditeur?: string | null;
    informationsAudite?: string | null;
    correctives?: Mesure | null;
    correctrices?: Mesure | null;
  };
}
export interface Grille {
  categories: CategorieGrille[];
  groupesSysExploitation: GroupeSysExpGrille[];
  manquements: ManquementGrille[];
}

export interface RapportPayload {
  odgRef: {
    raisonSociale: string;
    siret: string;
    adresse: string[];
    telephone: string;
    mail: string;
  };
  dateControle: string;
  heure: string;
  dateNow: string;
  synthese: {
    audite: { observation: string; signatures: { rapport: { name: string; image: string }[]; planProgres: { name: string; image: string }[] } };
    auditeur: { observation: string; signature: string | null };
  };
  referentielActifs: string[];
  aopIgp: {
    id: string;
    libelle: string;
    type: string;
    referentielsJoin: string;
    organismeCertificateur: string;
    logoAopIgp: string | null;
    graviteColLabel: string;
    migre: boolean;
  };
  numeroRapport: string;
  auditeur: { nom: string; prenom: string; mail: string; telephone: string };
  audite: { raisonSociale: string; siret: string; adresse: string[]; telephone: string; mail: string };
  activites: string[];
  manquements: {
    code: string;
    libelle: string;
    categorie: string;
    valeur: string;
    gravite: string;
    informationsAuditeur: string;
    informationsAudite: string;
    mesureCorrective: string;
    delaiCorrective: string;
    mesureCorrectrice: string;
    delaiCorrectrice: string;
  }[];
  sysExp: { libelle: string; points: { code: string; libelle: string; valeur: string; unite: string }[] }[];
  categories: {
    libelle: string;
    points: { code: string; libelle: string; conformite: string; valeur: string; gravite: string; observation: string }[];
  }[];
  empreinte?: string;
}

/** Spec part 2 §3 'Synthesis per AOP-IGP'. */
export interface SignatureNommee {
  name: string;
  image: string;
}
export interface SyntheseAop {
  audite: {
    observation: string;
    signatures: { rapport: SignatureNommee[]; planProgres: SignatureNommee[] };
    signed: boolean;
  };
  auditeur: { observation: string; signature: string | null; signed: boolean };
}

