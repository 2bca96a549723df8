import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../../db/client';
import { groupeSysExp, pointSysExp } from '../../db/schema';

export interface GroupeLu {
  id: string;
  libelle: string;
  ordre: number;
  aopIgpIds: string[];
  archive: boolean;
}
export interface LigneLue {
  id: string;
  code: string;
  libelle: string;
  ordre: number;
  formule: string | null;
  unite: string | null;
  dec: number;
  archive: boolean;
  groupeId: string;
  /** A control point's link reads it. */
  liee: boolean;
}

/**
 * Exploitation groups and lines belong to one ODG (`groupe_sys_exp.odg_id`): every query names
 * it. Writes that change formulas run under a per-ODG advisory lock, so that two concurrent
 * edits can never together build a loop that each alone would not.
 */
export function createSystemeRepository(db: Database) {
  const verrouiller = (tx: Transaction, odg: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(1601, ${odg}::int)`);

  const groupes = (d: Database | Transaction, odg: number) =>
    queryRows<GroupeLu>(
      d,
      sql`select id::text as id, libelle, ordre, aop_igp_ids::text[] as "aopIgpIds", archive
            from groupe_sys_exp where odg_id = ${odg} and deleted_at is null order by ordre, id`,
    );
  const lignes = (d: Database | Transaction, odg: number) =>
    queryRows<LigneLue>(
      d,
      sql`select l.id::text as id, l.code, l.libelle, l.ordre, l.formule, l.unite, l.dec, l.archive,
                 l.groupe_sys_exp_id::text as "groupeId",
                 exists (select 1 from point_controle_aop pa where pa.point_sys_exp_id = l.id
                           and pa.deleted_at is null) as liee
            from point_sys_exp l join groupe_sys_exp g on g.id = l.groupe_sys_exp_id
           where g.odg_id = ${odg} and g.deleted_at is null and l.deleted_at is null
           order by l.ordre, l.id`,
    );

  return {
    groupes: (odg: number) => groupes(db, odg),
    lignes: (odg: number) => lignes(db, odg),

    /** The ids that are labels of the ODG. */
    async aopsDuPerimetre(odg: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id::text as id from aop_igp where odg_id = ${odg}
              and id = any(${`{${ids.join(',')}}`}::bigint[])`,
      );
      return rows.map((r) => r.id);
    },

    async creerGroupe(odg: number, libelle: string, aopIgpIds: number[]) {
      const [g] = await db
        .insert(groupeSysExp)
        .values({
          odgId: odg,
          libelle,
          aopIgpIds,
          ordre: sql`(select coalesce(max(ordre) + 1, 0) from groupe_sys_exp
                       where odg_id = ${odg} and deleted_at is null)`,
        })
        .returning({ id: groupeSysExp.id });
      return g?.id;
    },

    async modifierGroupe(
      odg: number,
      id: number,
      v: Partial<{ libelle: string; aopIgpIds: number[]; archive: boolean }>,
    ) {
      const [g] = await db
        .update(groupeSysExp)
        .set(v)
        .where(
          and(eq(groupeSysExp.id, id), eq(groupeSysExp.odgId, odg), isNull(groupeSysExp.deletedAt)),
        )
        .returning({ id: groupeSysExp.id });
      return g !== undefined;
    },

    async supprimerGroupe(odg: number, id: number): Promise<'SUPPRIME' | 'UTILISE' | 'ABSENT'> {
      return db.transaction(async (tx) => {
        await verrouiller(tx, odg);
        const rows = await queryRows<{ vide: boolean }>(
          tx,
          sql`select not exists (select 1 from point_sys_exp l where l.groupe_sys_exp_id = g.id
                                   and l.deleted_at is null) as vide
                from groupe_sys_exp g where g.id = ${id} and g.odg_id = ${odg} and g.deleted_at is null`,
        );
        const g = rows.at(0);
        if (!g) return 'ABSENT';
        if (!g.vide) return 'UTILISE';
        await tx.update(groupeSysExp).set({ deletedAt: new Date() }).where(eq(groupeSysExp.id, id));
        return 'SUPPRIME';
      });
    },

    /**
     * Writes a line after `verifier` accepted it against the ODG's lines read under the lock;
     * `verifier` throws to refuse. Creates when `id` is undefined.
     */
    async ecrireLigne(
      odg: number,
      id: number | undefined,
      v: Partial<{
        groupeSystemeExploitationId: number;
        code: string;
        libelle: string;
        formule: string | null;
        unite: string | null;
        dec: number;
        archive: boolean;
      }>,
      verifier: (groupes: GroupeLu[], lignes: LigneLue[]) => void,
    ): Promise<number | null> {
      return db.transaction(async (tx) => {
        await verrouiller(tx, odg);
        const gs = await groupes(tx, odg);
        const ls = await lignes(tx, odg);
        if (id !== undefined && !ls.some((l) => l.id === String(id))) return null;
        verifier(gs, ls);
        if (id === undefined) {
          const groupeId = v.groupeSystemeExploitationId;
          if (groupeId === undefined) return null;
          const [l] = await tx
            .insert(pointSysExp)
            .values({
              code: v.code ?? '',
              libelle: v.libelle ?? '',
              formule: v.formule ?? null,
              unite: v.unite ?? null,
              dec: v.dec ?? 0,
              groupeSystemeExploitationId: groupeId,
              ordre: sql`(select coalesce(max(ordre) + 1, 0) from point_sys_exp
                           where groupe_sys_exp_id = ${groupeId} and deleted_at is null)`,
            })
            .returning({ id: pointSysExp.id });
          return l?.id ?? null;
        }
        await tx.update(pointSysExp).set(v).where(eq(pointSysExp.id, id));
        return id;
      });
    },

    async supprimerLigne(
      odg: number,
      id: number,
      verifier: (lignes: LigneLue[]) => void,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await verrouiller(tx, odg);
        const ls = await lignes(tx, odg);
        if (!ls.some((l) => l.id === String(id))) return false;
        verifier(ls);
        await tx.update(pointSysExp).set({ deletedAt: new Date() }).where(eq(pointSysExp.id, id));
        return true;
      });
    },

    /** The order of the ODG's groups (no parent) or of one group's lines. */
    ordonner(odg: number, groupeId: number | undefined, ids: number[]) {
      return db.transaction(async (tx) => {
        let n = 0;
        for (const [i, id] of ids.entries()) {
          const rows = await queryRows<{ id: string }>(
            tx,
            groupeId === undefined
              ? sql`update groupe_sys_exp set ordre = ${i} where id = ${id} and odg_id = ${odg}
                      and deleted_at is null returning id::text as id`
              : sql`update point_sys_exp set ordre = ${i} where id = ${id}
                      and groupe_sys_exp_id = ${groupeId} and deleted_at is null
                      and groupe_sys_exp_id in (select g.id from groupe_sys_exp g where g.odg_id = ${odg})
                    returning id::text as id`,
          );
          n += rows.length;
        }
        return n;
      });
    },
  };
}
export type SystemeRepository = ReturnType<typeof createSystemeRepository>;
