import { asc, count, eq } from 'drizzle-orm';
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
        .orderBy(asc(personneMorale.raisonSociale))
        .limit(size)
        .offset(page * size);
      return { content, totalElements: total?.n ?? 0 };
    },
  };
}
export type PanierRepository = ReturnType<typeof createPanierRepository>;
