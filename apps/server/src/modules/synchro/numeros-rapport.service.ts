import { ROLES } from '@estive/domain';
import type { ReserveNumerosResponse } from '@estive/contracts';
import type { Database } from '../../db/client';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { numerosRapportRepository as repo } from './numeros-rapport.repository';

/**
 * Report numbers reserved for a device at sync (docs/architecture.md §5 'Report numbers'): the
 * controls it creates offline take them, so the number printed on a report signed offline is final.
 */
export function createNumerosRapportService(db: Database) {
  return {
    async reserver(acteur: Acteur, nombre: number): Promise<ReserveNumerosResponse> {
      requireRole(acteur, ...ROLES);
      const odgId = requirePerimetre(acteur);
      const numeros = await repo.reserver(db, acteur.utilisateurId, odgId, nombre);
      return { odgId: String(odgId), numeros };
    },
  };
}
export type NumerosRapportService = ReturnType<typeof createNumerosRapportService>;
