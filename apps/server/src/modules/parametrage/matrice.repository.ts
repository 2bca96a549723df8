import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { colonne, lignes, premiereLigne } from '../../db/lignes';

/** A category of operator or an activity, as the matrix names it. */
const ligneLibelle = z.object({ id: colonne.texte, libelle: colonne.texte });
const ligneLienMatrice = z.object({ categorieId: colonne.texte, activiteId: colonne.texte });
const ligneId = z.object({ id: colonne.entier });

/**
 * The ODG's matrix (`categorie_activite`, fed to devices by the 'categorie-activite' feed): which
 * activities each category of operator covers. Rows are soft-deleted, so devices get tombstones.
 */
export function createMatriceRepository(db: Database) {
  return {
    async lire(odg: number) {
      const categories = await lignes(
        db,
        sql`select id::text as id, libelle from categorie where deleted_at is null
            order by ordre, id`,
        ligneLibelle,
      );
      // The activities the ODG's labels offer, and any already in its matrix.
      const activites = await lignes(
        db,
        sql`select distinct a.id::text as id, a.libelle from activite a
            where exists (select 1 from activite_aop x join aop_igp g on g.id = x.aop_igp_id
                          where x.activite_id = a.id and x.deleted_at is null and g.odg_id = ${odg})
               or exists (select 1 from categorie_activite ca where ca.activite_id = a.id
                          and ca.organisme_id = ${odg} and ca.deleted_at is null)
            order by a.libelle, id`,
        ligneLibelle,
      );
      const liens = await lignes(
        db,
        sql`select distinct categorie_id::text as "categorieId", activite_id::text as "activiteId"
            from categorie_activite where organisme_id = ${odg} and deleted_at is null
            order by 1, 2`,
        ligneLienMatrice,
      );
      return { categories, activites, liens };
    },

    /** Makes the ODG's matrix exactly `liens` (pairs already checked against `lire`). */
    async ecrire(odg: number, liens: { categorieId: number; activiteId: number }[]) {
      await db.transaction(async (tx) => {
        const voulus = liens.map((l) => sql`(${l.categorieId}::bigint, ${l.activiteId}::bigint)`);
        await tx.execute(sql`
          update categorie_activite set deleted_at = now()
           where organisme_id = ${odg} and deleted_at is null
             ${voulus.length ? sql`and (categorie_id, activite_id) not in (${sql.join(voulus, sql`, `)})` : sql``}`);
        for (const l of liens) {
          const vivant = await premiereLigne(
            tx,
            sql`select id from categorie_activite where organisme_id = ${odg}
                and categorie_id = ${l.categorieId} and activite_id = ${l.activiteId}
                order by deleted_at nulls first, id limit 1`,
            ligneId,
          );
          if (vivant) {
            await tx.execute(sql`update categorie_activite set deleted_at = null
                                 where id = ${vivant.id} and deleted_at is not null`);
          } else {
            await tx.execute(sql`insert into categorie_activite (categorie_id, activite_id, organisme_id)
                                 values (${l.categorieId}, ${l.activiteId}, ${odg})`);
          }
        }
      });
    },
  };
}
export type MatriceRepository = ReturnType<typeof createMatriceRepository>;
