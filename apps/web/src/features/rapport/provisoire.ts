/**
 * The grid types of the report are the domain's (spec part 2 §3 'Grid'), the same objects the
 * entry form edits and the server checks; the aliases are the names this feature was written
 * with. The synthesis stays provisional here: the domain's (`syntheseSchema`) allows a null
 * observation, which step 4's panels and payload do not handle yet.
 */
export type {
  CategorieGrille,
  Grille,
  ManquementGrille,
  Mesure,
  PointGrille,
  SaisiePoint,
} from '@estive/domain';
export type {
  GroupeSysExp as GroupeSysExpGrille,
  PointSysExp as PointSysExpGrille,
  SaisieAop as EntreeAopPoint,
} from '@estive/domain';

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
  auditeur: {
    observation: string;
    signature: string | null;
    signed: boolean;
  } & Partial<AuditeurChoisi>;
}

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
