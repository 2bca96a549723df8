import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

/** SQL of the unannounced-inspection checks; the perimeter (ODG) is always in the WHERE. */
export function createControlesRepository(db: Database) {
  const liste = (ids: readonly number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );

  return {
    /** The labels of the ODG the operator holds a VALIDEE habilitation for ('habilité'). */
    async labelsHabilites(odgId: number, personneMoraleId: number): Promise<Set<string>> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select distinct h.aop_igp_id as id
              from habilitation h
              join aop_igp a on a.id = h.aop_igp_id and a.odg_id = ${odgId}
              join personne_morale p on p.id = h.personne_morale_id and p.deleted_at is null
             where h.personne_morale_id = ${personneMoraleId} and h.statut = 'VALIDEE'`,
      );
      return new Set(rows.map((r) => String(r.id)));
    },

    /** Of the given files, those that are the operator's (its own or its habilitations'). */
    async documentsDeLOperateur(
      personneMoraleId: number,
      ids: readonly number[],
    ): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select f.id from fichier f
             where f.id in (${liste(ids)})
               and (f.personne_morale_id = ${personneMoraleId}
                    or f.habilitation_id in (select h.id from habilitation h
                                              where h.personne_morale_id = ${personneMoraleId}))`,
      );
      return new Set(rows.map((r) => String(r.id)));
    },
  };
}
export type ControlesRepository = ReturnType<typeof createControlesRepository>;
