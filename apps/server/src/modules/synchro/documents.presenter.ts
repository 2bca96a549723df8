import type { fichier, manquement, site, tournee } from '../../db/schema';

/** A table's row, as a presenter receives it from a repository. */
export type Ligne<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** Pieces of the feeds' documents shared by several of them (ids as strings, dates as ISO). */
export const idOuNull = (id: number | null) => (id === null ? null : String(id));

type Fichier = typeof fichier.$inferSelect;
export const documentFichier = (
  f: Pick<Fichier, 'id' | 'fileName' | 'typeDocument' | 'dateCreation'>,
) => ({
  id: String(f.id),
  fileName: f.fileName,
  typeDocument: f.typeDocument,
  dateCreation: f.dateCreation.toISOString(),
});

export const documentSite = (r: typeof site.$inferSelect) => ({
  id: String(r.id),
  libelle: r.libelle,
  ede: r.ede,
  siege: r.siege,
  adresse1: r.adresse1,
  adresse2: r.adresse2,
  adresse3: r.adresse3,
  codePostal: r.codePostal,
  ville: r.ville,
  latitude: r.latitude,
  longitude: r.longitude,
  debutUtilisation: r.debutUtilisation,
  finUtilisation: r.finUtilisation,
  telephone: r.telephone,
  mail: r.mail,
  aopIds: r.aopIds.map(String),
});

export const documentTournee = ({
  t,
  planningNom,
  nbOperateurs,
  avisPassage,
}: {
  t: typeof tournee.$inferSelect;
  planningNom: string | null;
  nbOperateurs: number;
  /** The letters of the round's operators, one file each. */
  avisPassage: { personneMoraleId: number; id: number; fileName: string }[];
}) => ({
  id: String(t.id),
  _deleted: false as const,
  version: t.version,
  debut: t.debut,
  fin: t.fin,
  statut: t.statut,
  odgId: String(t.odgId),
  controleurId: idOuNull(t.controleurId),
  campagneId: idOuNull(t.campagneId),
  planning:
    t.planningFichierId !== null && planningNom !== null
      ? { id: String(t.planningFichierId), fileName: planningNom }
      : null,
  avisPassage: avisPassage.map((a) => ({
    personneMoraleId: String(a.personneMoraleId),
    id: String(a.id),
    fileName: a.fileName,
  })),
  nbOperateurs,
});

/** What both parties said of a shortcoming and its corrective and correcting follow-ups. */
export const suiviManquement = (m: typeof manquement.$inferSelect) => ({
  informationsAuditeur: m.informationsAuditeur,
  informationsAudite: m.informationsAudite,
  commentaire: m.commentaire,
  mesureCorrective: m.mesureCorrective,
  delaiSuiviCorrective: m.delaiSuiviCorrective,
  dateSuiviCorrective: m.dateSuiviCorrective,
  mesureCorrectrice: m.mesureCorrectrice,
  delaiSuiviCorrectrice: m.delaiSuiviCorrectrice,
  dateSuiviCorrectrice: m.dateSuiviCorrectrice,
});

export const documentManquement = (m: typeof manquement.$inferSelect) => ({
  id: String(m.id),
  _deleted: false as const,
  version: m.version,
  controleId: idOuNull(m.controleId),
  aopIgpId: String(m.aopIgpId),
  personneMoraleId: String(m.personneMoraleId),
  pointControleId: String(m.pointControleId),
  etat: m.etat,
  niveau: m.niveau,
  valeur: m.valeur,
  ...suiviManquement(m),
  dateDerniereEvolution: m.dateDerniereEvolution.toISOString(),
});
