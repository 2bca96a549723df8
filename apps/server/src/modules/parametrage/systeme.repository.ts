import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { colonne, lignes, premiereLigne } from '../../db/lignes';
import { groupeSysExp, pointSysExp } from '../../db/schema';

/** A group of the ODG's exploitation system. */
const ligneGroupe = z.object({
  id: colonne.texte,
  libelle: colonne.texte,
  ordre: colonne.entier,
  aopIgpIds: z.array(colonne.texte),
  archive: colonne.booleen,
});
export type GroupeLu = z.output<typeof ligneGroupe>;

/** A line of the ODG's exploitation system. */
const ligneSysteme = z.object({
  id: colonne.texte,
  code: colonne.texte,
  libelle: colonne.texte,
  ordre: colonne.entier,
  formule: colonne.texte.nullable(),
  unite: colonne.texte.nullable(),
  dec: colonne.entier,
  archive: colonne.booleen,
  groupeId: colonne.texte,
  /** A control point's link reads it. */
  liee: colonne.booleen,
});
export type LigneLue = z.output<typeof ligneSysteme>;

const ligneId = z.object({ id: colonne.texte });
const ligneGroupeVide = z.object({ vide: colonne.booleen });

/**
 * Exploitation groups and lines belong to one ODG (`groupe_sys_exp.odg_id`): every query names
 * it. Writes that change formulas run under a per-ODG advisory lock, so that two concurrent
 * edits can never together build a loop that each alone would not.
 */
export function createSystemeRepository(db: Database) {
  const verrouiller = (tx: Transaction, odg: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(1601, ${odg}::int)`);

  const groupes = (d: Database | Transaction, odg: number) =>
    lignes(
      d,
      sql`select id::text as id, libelle, ordre, aop_igp_ids::text[] as "aopIgpIds", archive
            from groupe_sys_exp where odg_id = ${odg} and deleted_at is null order by ordre, id`,
      ligneGroupe,
    );
  const lignesDuSysteme = (d: Database | Transaction, odg: number) =>
    lignes(
      d,
      sql`select l.id::text as id, l.code, l.libelle, l.ordre, l.formule, l.unite, l.dec, l.archive,
                 l.groupe_sys_exp_id::text as "groupeId",
                 exists (select 1 from point_controle_aop pa where pa.point_sys_exp_id = l.id
                           and pa.deleted_at is null) as liee
            from point_sys_exp l join groupe_sys_exp g on g.id = l.groupe_sys_exp_id
           where g.odg_id = ${odg} and g.deleted_at is null and l.deleted_at is null
           order by l.ordre, l.id`,
      ligneSysteme,
    );

  return {
    groupes: (odg: number) => groupes(db, odg),
    lignes: (odg: number) => lignesDuSysteme(db, odg),

    /** The ids that are labels of the ODG. */
    async aopsDuPerimetre(odg: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await lignes(
        db,
        sql`select id::text as id from aop_igp where odg_id = ${odg}
              and id = any(${`{${ids.join(',')}}`}::bigint[])`,
        ligneId,
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
        const g = await premiereLigne(
          tx,
          sql`select not exists (select 1 from point_sys_exp l where l.groupe_sys_exp_id = g.id
                                   and l.deleted_at is null) as vide
                from groupe_sys_exp g where g.id = ${id} and g.odg_id = ${odg} and g.deleted_at is null`,
          ligneGroupeVide,
        );
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
        const ls = await lignesDuSysteme(tx, odg);
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
        const ls = await lignesDuSysteme(tx, odg);
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
          const rows = await lignes(
            tx,
            groupeId === undefined
              ? sql`update groupe_sys_exp set ordre = ${i} where id = ${id} and odg_id = ${odg}
                      and deleted_at is null returning id::text as id`
              : sql`update point_sys_exp set ordre = ${i} where id = ${id}
                      and groupe_sys_exp_id = ${groupeId} and deleted_at is null
                      and groupe_sys_exp_id in (select g.id from groupe_sys_exp g where g.odg_id = ${odg})
                    returning id::text as id`,
            ligneId,
          );
          n += rows.length;
        }
        return n;
      });
    },
  };
}
export type SystemeRepository = ReturnType<typeof createSystemeRepository>;
