import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
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
        .orderBy(asc(personneMorale.raisonSociale), asc(panier.id))
        .limit(size)
        .offset(page * size);
      return { content, totalElements: total?.n ?? 0 };
    },

    async compter(odgId: number) {
      const [total] = await db.select({ n: count() }).from(panier).where(eq(panier.odgId, odgId));
      return total?.n ?? 0;
    },

    /** Adds the operators to the perimeter's basket; those already in it stay as they are. */
    async ajouter(odgId: number, personneMoraleIds: number[]) {
      if (personneMoraleIds.length === 0) return 0;
      const rows = await db
        .insert(panier)
        .values(personneMoraleIds.map((personneMoraleId) => ({ odgId, personneMoraleId })))
        .onConflictDoNothing({ target: [panier.odgId, panier.personneMoraleId] })
        .returning({ id: panier.id });
      return rows.length;
    },

    /** Takes operators out of the basket; the number of rows removed. */
    async retirer(odgId: number, personneMoraleIds: number[]) {
      if (personneMoraleIds.length === 0) return 0;
      const rows = await db
        .delete(panier)
        .where(and(eq(panier.odgId, odgId), inArray(panier.personneMoraleId, personneMoraleIds)))
        .returning({ id: panier.id });
      return rows.length;
    },

    async contenu(odgId: number) {
      const rows = await db
        .select({ id: panier.personneMoraleId })
        .from(panier)
        .where(eq(panier.odgId, odgId));
      return rows.map((r) => r.id);
    },
  };
}
export type PanierRepository = ReturnType<typeof createPanierRepository>;
