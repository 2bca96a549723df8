import { ROLES_BUREAU } from '@estive/domain';
import type { OperateurPage, OperateurRechercheQuery } from '@estive/contracts';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import type { OperateursRepository } from './operateurs.repository';

const versNombres = (ids: string[] | undefined) => ids?.map(Number);

/**
 * Operators of the active perimeter: the one search the basket, the operator popup and the
 * directory use (accent- and case-blind, indexed; docs/architecture.md §1 Search).
 */
export function createOperateursService(repository: OperateursRepository) {
  return {
    async rechercher(acteur: Acteur, query: OperateurRechercheQuery): Promise<OperateurPage> {
      requireRole(acteur, ...ROLES_BUREAU);
      const odgId = requirePerimetre(acteur);
      const { page, size } = query;
      const { rows, total } = await repository.rechercher(
        odgId,
        {
          ...query,
          aopIds: versNombres(query.aops),
          activiteIds: versNombres(query.profils),
          exclus: versNombres(query.exclus),
        },
        page,
        size,
      );
      const uniques = <T extends { id: string }>(items: T[]) => [
        ...new Map(items.map((i) => [i.id, i])).values(),
      ];
      return {
        content: rows.map(({ habilitations, ...r }) => ({
          ...r,
          id: String(r.id),
          isHabilite: habilitations.some((h) => h.statut === 'VALIDEE'),
          aops: uniques(habilitations.map((h) => ({ id: String(h.aopId), libelle: h.aopLibelle }))),
          profils: uniques(
            habilitations.map((h) => ({ id: String(h.activiteId), libelle: h.activiteLibelle })),
          ),
        })),
        totalElements: total,
        totalPages: Math.ceil(total / size),
        number: page,
        size,
      };
    },

    /** The ids among these that are operators of the perimeter. */
    dansPerimetre(odgId: number, personneMoraleIds: number[]) {
      return repository.dansPerimetre(odgId, personneMoraleIds);
    },
  };
}
export type OperateursService = ReturnType<typeof createOperateursService>;
