import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Gravite, SourcePoint } from '@estive/domain';
import type { Database, Transaction } from '../../db/client';
import { lignes } from '../../db/lignes';
import { categorie, pointControle, pointControleAop, type SeuilsPoint } from '../../db/schema';
import {
  ligneAopIgp,
  ligneCategorie,
  ligneCategorieUtilisee,
  ligneExportGrille,
  ligneId,
  ligneLien,
  lignePointControle,
} from './grille-lignes.repository';

export type { LienLu } from './grille-lignes.repository';

/** Writes the ids' order (0, 1, 2…) on a synchronised table; the trigger bumps their versions. */
async function ordonner(
  tx: Transaction,
  table: 'categorie' | 'point_controle',
  ids: number[],
  condition = sql`true`,
) {
  let n = 0;
  for (const [i, id] of ids.entries()) {
    const rows = await lignes(
      tx,
      sql`update ${sql.raw(table)} set ordre = ${i} where id = ${id} and deleted_at is null
            and ${condition} returning id::text as id`,
      ligneId,
    );
    n += rows.length;
  }
  return n;
}

/**
 * Categories and control points are national (one list for every ODG); the links of a point to
 * the labels (thresholds) belong to the label's ODG: those queries name it.
 */
export function createGrilleRepository(db: Database) {
  return {
    aopIgps(odg: number) {
      return lignes(
        db,
        sql`select id::text as id, libelle from aop_igp where odg_id = ${odg} order by libelle, id`,
        ligneAopIgp,
      );
    },

    categories() {
      return lignes(
        db,
        sql`select id::text as id, libelle, ordre from categorie where deleted_at is null
             order by ordre, id`,
        ligneCategorie,
      );
    },

    points() {
      return lignes(
        db,
        sql`select p.id::text as id, p.code, p.libelle, p.reference, p.source, p.ordre,
                   p.categorie_id::text as "categorieId", p.archive,
                   (exists (select 1 from manquement m where m.point_controle_id = p.id)
                    or exists (select 1 from point_controle_aop pa where pa.point_controle_id = p.id
                                 and pa.deleted_at is null)) as utilise
              from point_controle p where p.deleted_at is null order by p.ordre, p.id`,
        lignePointControle,
      );
    },

    /** The links of the ODG's labels, switched off ones too (actif false). */
    liens(odg: number) {
      return lignes(
        db,
        sql`select pa.point_controle_id::text as "pointControleId", pa.aop_igp_id::text as "aopIgpId",
                   pa.deleted_at is null as actif, pa.seuil, pa.gravite, pa.cible,
                   pa.point_sys_exp_id::text as "pointSystemeExploitationId"
              from point_controle_aop pa join aop_igp a on a.id = pa.aop_igp_id
             where a.odg_id = ${odg} order by pa.id`,
        ligneLien,
      );
    },

    async categorieExiste(id: number) {
      const [c] = await db
        .select({ id: categorie.id })
        .from(categorie)
        .where(and(eq(categorie.id, id), isNull(categorie.deletedAt)));
      return c !== undefined;
    },

    async creerCategorie(libelle: string) {
      const [c] = await db
        .insert(categorie)
        .values({
          libelle,
          ordre: sql`(select coalesce(max(ordre) + 1, 0) from categorie where deleted_at is null)`,
        })
        .returning({ id: categorie.id });
      return c?.id;
    },

    async modifierCategorie(id: number, libelle: string) {
      const [c] = await db
        .update(categorie)
        .set({ libelle })
        .where(and(eq(categorie.id, id), isNull(categorie.deletedAt)))
        .returning({ id: categorie.id });
      return c !== undefined;
    },

    /** Soft delete (devices get a tombstone), only while no point is filed under it. */
    async supprimerCategorie(id: number): Promise<'SUPPRIMEE' | 'UTILISEE' | 'ABSENTE'> {
      const rows = await lignes(
        db,
        sql`select exists (select 1 from point_controle p where p.categorie_id = c.id
                             and p.deleted_at is null) as utilisee
              from categorie c where c.id = ${id} and c.deleted_at is null`,
        ligneCategorieUtilisee,
      );
      const c = rows.at(0);
      if (!c) return 'ABSENTE';
      if (c.utilisee) return 'UTILISEE';
      await db.update(categorie).set({ deletedAt: new Date() }).where(eq(categorie.id, id));
      return 'SUPPRIMEE';
    },

    ordonnerCategories(ids: number[]) {
      return db.transaction((tx) => ordonner(tx, 'categorie', ids));
    },

    ordonnerPoints(categorieId: number, ids: number[]) {
      return db.transaction((tx) =>
        ordonner(tx, 'point_controle', ids, sql`categorie_id = ${categorieId}`),
      );
    },

    async codePointPris(code: string, sauf?: number) {
      const rows = await lignes(
        db,
        sql`select id::text as id from point_controle where lower(code) = lower(${code})
              and deleted_at is null and (${sauf ?? null}::bigint is null or id <> ${sauf ?? null})`,
        ligneId,
      );
      return rows.length > 0;
    },

    async creerPoint(v: {
      code: string;
      libelle: string;
      reference: string | null;
      source: SourcePoint;
      categorieId: number;
    }) {
      const [p] = await db
        .insert(pointControle)
        .values({
          ...v,
          ordre: sql`(select coalesce(max(ordre) + 1, 0) from point_controle
                       where categorie_id = ${v.categorieId} and deleted_at is null)`,
        })
        .returning({ id: pointControle.id });
      return p?.id;
    },

    async modifierPoint(
      id: number,
      v: Partial<{
        code: string;
        libelle: string;
        reference: string | null;
        source: SourcePoint;
        categorieId: number;
        archive: boolean;
      }>,
    ) {
      const [p] = await db
        .update(pointControle)
        .set(v)
        .where(and(eq(pointControle.id, id), isNull(pointControle.deletedAt)))
        .returning({ id: pointControle.id });
      return p !== undefined;
    },

    async supprimerPoint(id: number): Promise<'SUPPRIME' | 'UTILISE' | 'ABSENT'> {
      const point = (await this.points()).find((p) => p.id === String(id));
      if (!point) return 'ABSENT';
      if (point.utilise) return 'UTILISE';
      await db.update(pointControle).set({ deletedAt: new Date() }).where(eq(pointControle.id, id));
      return 'SUPPRIME';
    },

    /** The label is the ODG's (checked here, in the SQL), else nothing is written. */
    async ecrireLien(
      odg: number,
      pointId: number,
      aopIgpId: number,
      v: {
        actif: boolean;
        seuil: SeuilsPoint;
        gravite: Gravite | null;
        cible: string | null;
        pointSystemeExploitationId: number | null;
      },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const aop = await lignes(
          tx,
          sql`select id::text as id from aop_igp where id = ${aopIgpId} and odg_id = ${odg}
              for update`,
          ligneId,
        );
        if (aop.length === 0) return false;
        const valeurs = {
          seuil: v.seuil,
          gravite: v.gravite,
          cible: v.cible,
          pointSystemeExploitationId: v.pointSystemeExploitationId,
          deletedAt: v.actif ? null : new Date(),
        };
        const existants = await tx
          .select({ id: pointControleAop.id })
          .from(pointControleAop)
          .where(
            and(
              eq(pointControleAop.pointControleId, pointId),
              eq(pointControleAop.aopIgpId, aopIgpId),
            ),
          )
          .orderBy(pointControleAop.id);
        const premier = existants.at(0);
        if (premier) {
          await tx.update(pointControleAop).set(valeurs).where(eq(pointControleAop.id, premier.id));
          // Older duplicates would show the label twice: they leave the devices.
          const doublons = existants.slice(1).map((e) => e.id);
          if (doublons.length > 0)
            await tx
              .update(pointControleAop)
              .set({ deletedAt: new Date() })
              .where(
                and(inArray(pointControleAop.id, doublons), isNull(pointControleAop.deletedAt)),
              );
        } else {
          await tx
            .insert(pointControleAop)
            .values({ ...valeurs, pointControleId: pointId, aopIgpId });
        }
        // The point feed is scoped by links: touching the point sends it to the ODG's devices.
        await tx
          .update(pointControle)
          .set({ updatedAt: new Date() })
          .where(eq(pointControle.id, pointId));
        return true;
      });
    },

    async pointExiste(id: number) {
      const [p] = await db
        .select({ id: pointControle.id })
        .from(pointControle)
        .where(and(eq(pointControle.id, id), isNull(pointControle.deletedAt)));
      return p !== undefined;
    },

    /**
     * Every point with its labels, for the export (the ODG's links only). A point linked to none
     * of them has no link row: its `actif` is null (neither on nor off), not `null is null`.
     */
    async export(odg: number) {
      return lignes(
        db,
        sql`select c.libelle as categorie, p.code, p.libelle, p.source, p.archive,
                   a.libelle as "aopIgp",
                   case when pa.id is null then null else pa.deleted_at is null end as actif,
                   pa.seuil, pa.gravite,
                   l.code as ligne
              from point_controle p join categorie c on c.id = p.categorie_id
              left join (point_controle_aop pa join aop_igp a on a.id = pa.aop_igp_id
                           and a.odg_id = ${odg}) on pa.point_controle_id = p.id
              left join point_sys_exp l on l.id = pa.point_sys_exp_id
             where p.deleted_at is null
             order by c.ordre, c.id, p.ordre, p.id, a.libelle`,
        ligneExportGrille,
      );
    },
  };
}
export type GrilleRepository = ReturnType<typeof createGrilleRepository>;
