import { asc, count, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { panier, personneMorale } from '../../db/schema';

export function createPanierRepository(db: Database) {
  return {
    async lister(odgId: number, page: number, size: number) {
      const [total] = await db.select({ n: count() }).from(panier).where(eq(panier.odgId, odgId));
      const content = await db
        .select({
          id: panier.id,
          personneMoraleId: personneMorale.id,
          raisonSociale: personneMorale.raisonSociale,
          siret: personneMorale.siret,
          codePostal: personneMorale.codePostal,
          ville: personneMorale.ville,
        })
        .from(panier)
        .innerJoin(personneMorale, eq(personneMorale.id, panier.personneMoraleId))
        .where(eq(panier.odgId, odgId))
        .orderBy(asc(personneMorale.raisonSociale))
        .limit(size)
        .offset(page * size);
      return { content, totalElements: total?.n ?? 0 };
    },

    /**
     * Puts operators into the ODG's basket; only those habilitated for one of its labels, and
     * once (already there: left as is). Answers how many were added.
     */
    async ajouter(odgId: number, ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await queryRows<{ id: string }>(
        db,
        sql`insert into panier (odg_id, personne_morale_id)
            select ${odgId}, p.id from personne_morale p
             where p.id in (${sql.join(
               ids.map((i) => sql`${i}`),
               sql`, `,
             )})
               and p.deleted_at is null
               and exists (select 1 from habilitation h join aop_igp a on a.id = h.aop_igp_id
                            where h.personne_morale_id = p.id and a.odg_id = ${odgId})
            on conflict (odg_id, personne_morale_id) do nothing
            returning id::text as id`,
      );
      return rows.length;
    },
  };
}
export type PanierRepository = ReturnType<typeof createPanierRepository>;
