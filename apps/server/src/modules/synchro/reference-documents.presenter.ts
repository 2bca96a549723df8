import type {
  activiteAop,
  categorie,
  categorieActivite,
  frontLog,
  groupeSysExp,
  organismeCertificateur,
  pointControle,
  pointControleAop,
  pointSysExp,
  referentiel,
} from '../../db/schema';
import { idOuNull, type Ligne } from './documents.presenter';

/** The reference feeds' documents as devices store them (contracts' DOCUMENTS_SYNCHRO). */
const base = (r: { id: number; version: number }) => ({
  id: String(r.id),
  _deleted: false as const,
  version: r.version,
});

export const documentCategorie = (r: Ligne<typeof categorie>) => ({
  ...base(r),
  libelle: r.libelle,
  ordre: r.ordre,
});

export const documentCategorieActivite = (r: Ligne<typeof categorieActivite>) => ({
  ...base(r),
  categorieId: String(r.categorieId),
  activiteId: String(r.activiteId),
  personneMoraleId: String(r.personneMoraleId),
});

export const documentActiviteAop = ({
  a,
  libelle,
}: {
  a: Ligne<typeof activiteAop>;
  libelle: string;
}) => ({
  ...base(a),
  aopIgpId: String(a.aopIgpId),
  activiteId: String(a.activiteId),
  activiteLibelle: libelle,
});

export const documentPointControle = (r: Ligne<typeof pointControle>) => ({
  ...base(r),
  libelle: r.libelle,
  reference: r.reference,
  source: r.source,
  ordre: r.ordre,
  code: r.code,
  categorieId: String(r.categorieId),
  archive: r.archive,
});

export const documentPointControleAop = (r: Ligne<typeof pointControleAop>) => ({
  ...base(r),
  pointControleId: String(r.pointControleId),
  aopIgpId: String(r.aopIgpId),
  pointSystemeExploitationId: idOuNull(r.pointSystemeExploitationId),
  cible: r.cible,
  habilitation: r.habilitation,
  gravite: r.gravite,
  seuil: r.seuil,
  varStat: r.varStat,
});

export const documentGroupeSysExp = (r: Ligne<typeof groupeSysExp>) => ({
  ...base(r),
  libelle: r.libelle,
  ordre: r.ordre,
  aopIgpIds: r.aopIgpIds.map(String),
  // The spec's local collection names the owning ODG personneMoraleId.
  personneMoraleId: String(r.odgId),
  archive: r.archive,
});

export const documentPointSysExp = (r: Ligne<typeof pointSysExp>) => ({
  ...base(r),
  libelle: r.libelle,
  ordre: r.ordre,
  code: r.code,
  formule: r.formule,
  unite: r.unite,
  dec: r.dec,
  stat: r.stat,
  groupeSystemeExploitationId: String(r.groupeSystemeExploitationId),
  archive: r.archive,
});

export const documentOrganismeCertificateur = ({
  oc,
  raisonSociale,
}: {
  oc: Ligne<typeof organismeCertificateur>;
  raisonSociale: string;
}) => ({
  ...base(oc),
  organismeId: String(oc.organismeId),
  raisonSociale,
  odgId: String(oc.odgId),
  aopIds: oc.aopIds.map(String),
});

export const documentReferentiel = (r: Ligne<typeof referentiel>) => ({
  ...base(r),
  aopIgpId: String(r.aopIgpId),
  libelle: r.libelle,
  actif: r.actif,
});

export const documentFrontLog = (r: Ligne<typeof frontLog>) => ({
  ...base(r),
  clientId: r.clientId,
  source: r.source,
  logs: r.logs,
  creation: r.creation.toISOString(),
});
