/**
 * PROVISIONAL: the grid and synthesis types of spec part 2 §3 until `@estive/domain` exports its
 * src/grille (written in parallel); then this file re-exports the domain's.
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


export type { RapportPayload } from '@estive/report';
