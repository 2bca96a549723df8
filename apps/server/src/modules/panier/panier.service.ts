import type { OperateurRechercheQuery } from '@estive/contracts';
import { ROLES_BUREAU as BUREAU } from '@estive/domain';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { invalid, notFound } from '../../lib/errors';
import type { OperateursService } from '../operateurs/operateurs.service';
import type { PanierRepository } from './panier.repository';

export function createPanierService(repository: PanierRepository, operateurs: OperateursService) {
  return {
    /** The basket of the active perimeter: operators waiting to be put into a round. */
    async lister(acteur: Acteur, page: number, size: number) {
      requireRole(acteur, ...BUREAU);
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

    /** The basket's size, for the Tournée tab's badge. */
    async taille(acteur: Acteur) {
      requireRole(acteur, ...BUREAU);
      return { taille: await repository.compter(requirePerimetre(acteur)) };
    },

    /** Operators of the perimeter to add to the basket (the popup leaves out the basket's). */
    rechercher(acteur: Acteur, query: OperateurRechercheQuery) {
      return operateurs.rechercher(acteur, query);
    },

    /** Adds several operators; every one must be an operator of the perimeter. */
    async ajouter(acteur: Acteur, ids: string[]) {
      requireRole(acteur, ...BUREAU);
      const odgId = requirePerimetre(acteur);
      const demandes = [...new Set(ids.map(Number))];
      const connus = await operateurs.dansPerimetre(odgId, demandes);
      const hors = demandes.filter((id) => !connus.has(id));
      if (hors.length > 0)
        throw invalid(
          "Les opérateurs n'ont pas pu être ajoutés",
          [`Opérateur hors du périmètre : ${hors.join(', ')}`],
          [{ field: 'personneMoraleIds', defaultMessage: 'Opérateur hors du périmètre' }],
        );
      return { ajoutes: await repository.ajouter(odgId, demandes) };
    },

    async retirer(acteur: Acteur, personneMoraleId: number) {
      requireRole(acteur, ...BUREAU);
      const n = await repository.retirer(requirePerimetre(acteur), [personneMoraleId]);
      if (n === 0) throw notFound("Cet opérateur n'est pas dans le panier");
    },

    /** For rounds: takes operators out of the perimeter's basket (they went into controls). */
    retirerPlusieurs(odgId: number, personneMoraleIds: number[]) {
      return repository.retirer(odgId, personneMoraleIds);
    },
    ajouterPlusieurs(odgId: number, personneMoraleIds: number[]) {
      return repository.ajouter(odgId, personneMoraleIds);
    },
    contenu(odgId: number) {
      return repository.contenu(odgId);
    },

    /** Of the given operators, those outside the perimeter (rounds refuse them). */
    async horsPerimetre(odgId: number, personneMoraleIds: number[]) {
      const demandes = [...new Set(personneMoraleIds)];
      const connus = await operateurs.dansPerimetre(odgId, demandes);
      return new Set(demandes.filter((id) => !connus.has(id)));
    },

    /**
     * What the wizard needs to prepare controls of operators of the perimeter (spec part 1 §7
     * 'get operator info'); operators outside it are simply not answered.
     */
    async informations(acteur: Acteur, ids: string[]) {
      requireRole(acteur, ...BUREAU);
      const odgId = requirePerimetre(acteur);
      const lignes = await repository.informations(odgId, [...new Set(ids.map(Number))]);
      return {
        informations: lignes.map((l) => ({
          personneMoraleId: String(l.id),
          informations: {
            raisonSociale: l.raison_sociale,
            siret: l.siret,
            codePostal: l.code_postal,
            ville: l.ville,
            sites: (l.sites ?? []).map((s) => ({
              id: String(s.id),
              libelle: s.libelle,
              siege: s.siege,
              codePostal: s.code_postal,
              ville: s.ville,
              aopIds: s.aop_ids.map(String),
            })),
            appellations: (l.appellations ?? []).map((a) => ({
              aopIgp: { id: String(a.id), libelle: a.libelle },
              activites: a.activites.map((x) => ({ id: String(x.id), libelle: x.libelle })),
            })),
            documents: (l.documents ?? []).map((f) => ({
              id: String(f.id),
              fileName: f.file_name,
              typeDocument: f.type_document,
              dateCreation: new Date(f.date_creation).toISOString(),
            })),
          },
        })),
      };
    },
  };
}
export type PanierService = ReturnType<typeof createPanierService>;
