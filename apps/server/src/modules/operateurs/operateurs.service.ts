import type { OperateurPage, OperateurRechercheQuery } from '@estive/contracts';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import type { OperateursRepository } from './operateurs.repository';

const versNombres = (ids: string[] | undefined) => ids?.map(Number);

/**
 * Operators of the active perimeter: the one search the basket, the operator popup and the
 * directory use (accent- and case-blind, indexed; DESIGN §1 Search).
 */
export function createOperateursService(repository: OperateursRepository) {
  return {
    async rechercher(acteur: Acteur, query: OperateurRechercheQuery): Promise<OperateurPage> {
      requireRole(acteur, 'ROLE_CNAOL', 'ROLE_ANIMATEUR');
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
      const habs = await repository.habilitations(
        odgId,
        rows.map((r) => r.id),
      );
      return {
        content: rows.map((r) => {
          const siennes = habs.filter((h) => h.personneMoraleId === r.id);
          const uniques = <T extends { id: string }>(items: T[]) => [
            ...new Map(items.map((i) => [i.id, i])).values(),
          ];
          return {
            id: String(r.id),
            raisonSociale: r.raisonSociale,
            siret: r.siret,
            codePostal: r.codePostal,
            ville: r.ville,
            mail: r.mail,
            isHabilite: siennes.some((h) => h.statut === 'VALIDEE'),
            aops: uniques(siennes.map((h) => ({ id: String(h.aopId), libelle: h.aopLibelle }))),
            profils: uniques(
              siennes.map((h) => ({ id: String(h.activiteId), libelle: h.activiteLibelle })),
            ),
          };
        }),
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
