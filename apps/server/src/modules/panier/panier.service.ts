import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import type { Database } from '../../db/client';
import { createPanierRepository, type PanierRepository } from './panier.repository';

export function createPanierService(repository: PanierRepository) {
  return {
    /** The basket of the active perimeter: operators waiting to be put into a round. */
    async lister(acteur: Acteur, page: number, size: number) {
      requireRole(acteur, 'ROLE_CNAOL', 'ROLE_ANIMATEUR');
      const { content, totalElements } = await repository.lister(
        requirePerimetre(acteur),
        page,
        size,
      );
      return {
        content: content.map((r) => ({
          ...r,
          id: String(r.id),
          personneMoraleId: String(r.personneMoraleId),
        })),
        totalElements,
        totalPages: Math.ceil(totalElements / size),
        number: page,
        size,
      };
    },

    /** Adds operators to the basket of the active perimeter (e.g. those of a draw). */
    async ajouter(acteur: Acteur, personneMoraleIds: readonly number[]): Promise<number> {
      requireRole(acteur, 'ROLE_CNAOL', 'ROLE_ANIMATEUR');
      return repository.ajouter(requirePerimetre(acteur), personneMoraleIds);
    },
  };
}
export type PanierService = ReturnType<typeof createPanierService>;

/** The basket service on a database, for the modules that put operators into it. */
export const panierServiceDe = (db: Database): PanierService =>
  createPanierService(createPanierRepository(db));
