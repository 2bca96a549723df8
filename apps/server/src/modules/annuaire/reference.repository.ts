import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activite, activiteAop, aopIgp } from '../../db/schema';

export function createReferenceRepository(db: Database) {
  return {
    aopIgps: (odg: number) =>
      db
        .select({ id: aopIgp.id, libelle: aopIgp.libelle })
        .from(aopIgp)
        .where(eq(aopIgp.odgId, odg))
        .orderBy(asc(aopIgp.libelle)),
    activites: () =>
      db
        .select({ id: activite.id, libelle: activite.libelle })
        .from(activite)
        .orderBy(asc(activite.libelle)),
    /** The activities a label of the ODG offers (what a habilitation may name). */
    activitesAop: (odg: number) =>
      db
        .selectDistinct({
          aopIgpId: activiteAop.aopIgpId,
          id: activite.id,
          libelle: activite.libelle,
        })
        .from(activiteAop)
        .innerJoin(activite, eq(activite.id, activiteAop.activiteId))
        .innerJoin(aopIgp, eq(aopIgp.id, activiteAop.aopIgpId))
        .where(eq(aopIgp.odgId, odg))
        .orderBy(asc(activite.libelle)),
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
