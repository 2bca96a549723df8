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

/** Documents of the reference feeds, by id; rows already passed the feed's scope. */
const s = (id: number | null) => (id === null ? null : String(id));
const base = (r: { id: number; version: number }) => ({
  id: String(r.id),
  _deleted: false as const,
  version: r.version,
});

export function createReferenceDocumentsRepository(db: Database) {
  return {
    async categorie(ids: number[]) {
      const rows = await db.select().from(categorie).where(inArray(categorie.id, ids));
      return rows.map((r) => ({ ...base(r), libelle: r.libelle, ordre: r.ordre }));
    },

    async categorieActivite(ids: number[]) {
      const rows = await db
        .select()
        .from(categorieActivite)
        .where(inArray(categorieActivite.id, ids));
      return rows.map((r) => ({
        ...base(r),
        categorieId: String(r.categorieId),
        activiteId: String(r.activiteId),
        personneMoraleId: String(r.personneMoraleId),
      }));
    },

    async activiteAop(ids: number[]) {
      const rows = await db
        .select({ a: activiteAop, libelle: activite.libelle })
        .from(activiteAop)
        .innerJoin(activite, eq(activite.id, activiteAop.activiteId))
        .where(inArray(activiteAop.id, ids));
      return rows.map(({ a, libelle }) => ({
        ...base(a),
        aopIgpId: String(a.aopIgpId),
        activiteId: String(a.activiteId),
        activiteLibelle: libelle,
      }));
    },

    async pointControle(ids: number[]) {
      const rows = await db.select().from(pointControle).where(inArray(pointControle.id, ids));
      return rows.map((r) => ({
        ...base(r),
        libelle: r.libelle,
        reference: r.reference,
        source: r.source,
        ordre: r.ordre,
        code: r.code,
        categorieId: String(r.categorieId),
        archive: r.archive,
      }));
    },

    async pointControleAop(ids: number[]) {
      const rows = await db
        .select()
        .from(pointControleAop)
        .where(inArray(pointControleAop.id, ids));
      return rows.map((r) => ({
        ...base(r),
        pointControleId: String(r.pointControleId),
        aopIgpId: String(r.aopIgpId),
        pointSystemeExploitationId: s(r.pointSystemeExploitationId),
        cible: r.cible,
        habilitation: r.habilitation,
        gravite: r.gravite,
        seuil: r.seuil,
        varStat: r.varStat,
      }));
    },

    async groupeSysExp(ids: number[]) {
      const rows = await db.select().from(groupeSysExp).where(inArray(groupeSysExp.id, ids));
      return rows.map((r) => ({
        ...base(r),
        libelle: r.libelle,
        ordre: r.ordre,
        aopIgpIds: r.aopIgpIds.map(String),
        // The spec's local collection names the owning ODG personneMoraleId.
        personneMoraleId: String(r.odgId),
        archive: r.archive,
      }));
    },

    async pointSysExp(ids: number[]) {
      const rows = await db.select().from(pointSysExp).where(inArray(pointSysExp.id, ids));
      return rows.map((r) => ({
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
      }));
    },

    async organismeCertificateur(ids: number[]) {
      const rows = await db
        .select({ oc: organismeCertificateur, raisonSociale: organisme.raisonSociale })
        .from(organismeCertificateur)
        .innerJoin(organisme, eq(organisme.id, organismeCertificateur.organismeId))
        .where(inArray(organismeCertificateur.id, ids));
      return rows.map(({ oc, raisonSociale }) => ({
        ...base(oc),
        organismeId: String(oc.organismeId),
        raisonSociale,
        odgId: String(oc.odgId),
        aopIds: oc.aopIds.map(String),
      }));
    },

    async referentiel(ids: number[]) {
      const rows = await db.select().from(referentiel).where(inArray(referentiel.id, ids));
      return rows.map((r) => ({
        ...base(r),
        aopIgpId: String(r.aopIgpId),
        libelle: r.libelle,
        actif: r.actif,
      }));
    },

    async frontLog(ids: number[]) {
      const rows = await db.select().from(frontLog).where(inArray(frontLog.id, ids));
      return rows.map((r) => ({
        ...base(r),
        clientId: r.clientId,
        source: r.source,
        logs: r.logs,
        creation: r.creation.toISOString(),
      }));
    },
  };
}
export type ReferenceDocumentsRepository = ReturnType<typeof createReferenceDocumentsRepository>;
