/**
 * PROVISIONAL: the grid types of spec part 2 §3 'Grid', until `@estive/domain` src/grille lands;
 * then this file re-exports the domain's. A structural superset of the step-4 engineer's
 * provisional `Grille` (features/rapport/provisoire.ts), so both accept the same object.
 */
import type { Conformite, Severite, SourcePoint } from '@estive/domain';

export interface SaisiePoint {
  observation?: string | null;
  valeur?: string | null;
  conformite?: Conformite | null;
  gravite?: Severite | null;
}

export interface SeuilPoint {
  operateur: string;
  valeur: number;
}

export interface EntreeAopPoint {
  aopIgpId: string;
  aopIgpLibelle: string;
  migre?: boolean;
  exploitationId?: string | null;
  exploitationCode?: string | null;
  hasManquement?: boolean;
  saisie: SaisiePoint;
  seuil?: { grave?: SeuilPoint | null; majeur?: SeuilPoint | null; mineur?: SeuilPoint | null };
  /** The engine's French explanation of the last auto-evaluation. */
  explication?: string | null;
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
  id?: string;
  code: string;
  libelle: string;
  formule?: string | null;
  valeur?: string | null;
  unite?: string | null;
  dec?: number | null;
  declaratif?: { libelle: string; debutPeriode?: string; finPeriode?: string; saisie?: string } | null;
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
  /** The threshold the value crossed, shown in step 3. */
  seuilTexte?: string | null;
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

export interface ClePoint {
  pointId: string;
  aopIgpId: string;
}

export type ErreurFormule =
  | { type: 'codeAbsent'; code: string; formule: string }
  | { type: 'calcul'; code: string; formule: string };
