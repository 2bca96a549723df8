/**
 * The grid and synthesis types of the report are the domain's (spec part 2 §3 'Grid', 'Synthesis
 * per AOP-IGP'), the same objects the entry form edits and the server checks; the aliases are the
 * names this feature was written with.
 */
export type {
  CategorieGrille,
  Grille,
  ManquementGrille,
  Mesure,
  PointGrille,
  SaisiePoint,
  SignatureNommee,
  SyntheseAop,
} from '@estive/domain';
export type {
  GroupeSysExp as GroupeSysExpGrille,
  PointSysExp as PointSysExpGrille,
  SaisieAop as EntreeAopPoint,
} from '@estive/domain';

/**
 * The auditor picked in 'Recherche auditeur' when the signed-in user signs for a colleague
 * (docs/decisions.md); absent, the report names the signed-in user. Contact details are copied
 * so the report can be produced again offline whatever the device's list has become.
 */
export interface AuditeurChoisi {
  id: string;
  nom: string;
  prenom: string;
  mail: string;
  telephone: string | null;
}

export type { RapportPayload } from '@estive/report';
