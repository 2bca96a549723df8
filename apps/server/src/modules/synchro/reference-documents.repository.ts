import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activite,
  activiteAop,
  categorie,
  categorieActivite,
  frontLog,
  groupeSysExp,
  organisme,
  organismeCertificateur,
  pointControle,
  pointControleAop,
  pointSysExp,
  referentiel,
} from '../../db/schema';

/** Rows of the reference feeds, by id; they already passed the feed's scope. */
export function createReferenceDocumentsRepository(db: Database) {
  return {
    categorie: (ids: number[]) => db.select().from(categorie).where(inArray(categorie.id, ids)),

    categorieActivite: (ids: number[]) =>
      db.select().from(categorieActivite).where(inArray(categorieActivite.id, ids)),

    activiteAop: (ids: number[]) =>
      db
        .select({ a: activiteAop, libelle: activite.libelle })
        .from(activiteAop)
        .innerJoin(activite, eq(activite.id, activiteAop.activiteId))
        .where(inArray(activiteAop.id, ids)),

    pointControle: (ids: number[]) =>
      db.select().from(pointControle).where(inArray(pointControle.id, ids)),

    pointControleAop: (ids: number[]) =>
      db.select().from(pointControleAop).where(inArray(pointControleAop.id, ids)),

    groupeSysExp: (ids: number[]) =>
      db.select().from(groupeSysExp).where(inArray(groupeSysExp.id, ids)),

    pointSysExp: (ids: number[]) =>
      db.select().from(pointSysExp).where(inArray(pointSysExp.id, ids)),

    organismeCertificateur: (ids: number[]) =>
      db
        .select({ oc: organismeCertificateur, raisonSociale: organisme.raisonSociale })
        .from(organismeCertificateur)
        .innerJoin(organisme, eq(organisme.id, organismeCertificateur.organismeId))
        .where(inArray(organismeCertificateur.id, ids)),

    referentiel: (ids: number[]) =>
      db.select().from(referentiel).where(inArray(referentiel.id, ids)),

    frontLog: (ids: number[]) => db.select().from(frontLog).where(inArray(frontLog.id, ids)),
  };
}
export type ReferenceDocumentsRepository = ReturnType<typeof createReferenceDocumentsRepository>;
