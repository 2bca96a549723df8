import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fichier } from '../../db/schema';

export function createFichiersRepository(db: Database) {
  return {
    /**
     * The file, if it lies in the perimeter: an operator's file when the operator holds a
     * habilitation on a label of the ODG; a round's file (planning, avis de passage) when the round
     * belongs to the ODG; a control's file when the control does.
     */
    async findDansPerimetre(id: number, odgId: number | null) {
      const perimetre =
        odgId === null
          ? sql`true`
          : sql`(
            exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
                     where h.personne_morale_id = ${fichier.personneMoraleId} and a.odg_id = ${odgId})
            or exists (select 1 from controle c where c.id = ${fichier.controleId} and c.odg_id = ${odgId})
            or exists (select 1 from tournee t where t.planning_fichier_id = ${fichier.id} and t.odg_id = ${odgId})
            or exists (select 1 from tournee_operateur o join tournee t on t.id = o.tournee_id
                        where o.avis_passage_fichier_id = ${fichier.id} and t.odg_id = ${odgId}))`;
      const [row] = await db
        .select()
        .from(fichier)
        .where(and(eq(fichier.id, id), perimetre));
      return row;
    },
  };
}
export type FichiersRepository = ReturnType<typeof createFichiersRepository>;
