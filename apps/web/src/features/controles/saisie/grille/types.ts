/**
 * The grid types of the entry form are the domain's (spec part 2 §3 'Grid'), so the device, the
 * server and the report read one shape. The aliases keep the names the screens were written with.
 */
export type {
  CategorieGrille,
  ClePoint,
  ErreurFormule,
  Grille,
  ManquementGrille,
  Mesure,
  PointGrille,
  SaisieManquement,
  SaisiePoint,
  SeuilPoint,
  Verdict,
} from '@estive/domain';
export type {
  GroupeSysExp as GroupeSysExpGrille,
  PointSysExp as PointSysExpGrille,
  SaisieAop as EntreeAopPoint,
} from '@estive/domain';
