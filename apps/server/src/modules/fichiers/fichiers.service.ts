import { hasRole, requirePerimetre, type Acteur } from '../../lib/acteur';
import { notFound } from '../../lib/errors';
import type { FichiersRepository } from './fichiers.repository';

export function createFichiersService(repository: FichiersRepository) {
  return {
    async lire(acteur: Acteur, id: number) {
      // CNAOL without a chosen perimeter oversees every ODG.
      const odgId =
        hasRole(acteur, 'ROLE_CNAOL') && !acteur.droitActif ? null : requirePerimetre(acteur);
      const found = await repository.findDansPerimetre(id, odgId);
      // Out of perimeter and absent look the same: no probing of other ODGs' file ids.
      if (!found) throw notFound('Fichier introuvable');
      return found;
    },
  };
}
export type FichiersService = ReturnType<typeof createFichiersService>;
