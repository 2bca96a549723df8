import {
  STATUTS_TOURNEE_LIGHT_DEFAUT,
  STATUTS_TOURNEE_LISTE_DEFAUT,
  type ControleurQuery,
  type TourneeLightQuery,
  type TourneeListeQuery,
} from '@estive/contracts';
import { ROLES_BUREAU as BUREAU } from '@estive/domain';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import { pageDe } from '../../lib/paging';
import type { ControleursRepository } from './controleurs.repository';
import { presenterLigne, presenterSousLigne } from './presenters';
import type { TourneesRepository } from './tournees.repository';

/**
 * The office's lists of rounds (programming dashboard, the light list, the controllers to choose
 * from): the read side of the rounds service, in the active right's perimeter.
 */
export function createTourneesListesService(
  lecture: TourneesRepository,
  controleurs: ControleursRepository,
) {
  async function lister(acteur: Acteur, q: TourneeListeQuery) {
    requireRole(acteur, ...BUREAU);
    const { content, totalElements } = await lecture.lister(
      requirePerimetre(acteur),
      {
        controleur: q.controleur,
        statuts: q.statut?.length ? q.statut : STATUTS_TOURNEE_LISTE_DEFAUT,
        periodeFrom: q.periodeFrom,
        periodeTo: q.periodeTo,
        campagneId: q.campagneId === undefined ? undefined : Number(q.campagneId),
      },
      q.sort,
      q,
    );
    return pageDe(content.map(presenterLigne), totalElements, q);
  }

  return {
    lister,

    /** The programming dashboard: the list's rows with their controls as sub-rows. */
    async dashboard(acteur: Acteur, q: TourneeListeQuery) {
      const page = await lister(acteur, q);
      const controles = await lecture.controles(page.content.map((r) => Number(r.id)));
      return {
        ...page,
        content: page.content.map((r) => ({
          ...r,
          controles: controles.filter((c) => String(c.tournee_id) === r.id).map(presenterSousLigne),
        })),
      };
    },

    async light(acteur: Acteur, q: TourneeLightQuery) {
      requireRole(acteur, ...BUREAU);
      const { content, totalElements } = await lecture.lister(
        requirePerimetre(acteur),
        { statuts: q.statut?.length ? q.statut : STATUTS_TOURNEE_LIGHT_DEFAUT },
        [],
        q,
      );
      return pageDe(
        content.map((r) => {
          const l = presenterLigne(r);
          return {
            id: l.id,
            debut: l.debut,
            fin: l.fin,
            statut: l.statut,
            controleurDenomination: l.controleurDenomination,
            nbOperateurs: l.nbOperateurs,
          };
        }),
        totalElements,
        q,
      );
    },

    async controleurs(acteur: Acteur, q: ControleurQuery) {
      requireRole(acteur, ...BUREAU);
      const { content, totalElements } = await controleurs.rechercher(requirePerimetre(acteur), q);
      return pageDe(
        content.map((c) => ({
          id: String(c.id),
          nom: c.nom,
          prenom: c.prenom,
          mail: c.mail,
          telephone: c.telephone,
          personneMorale:
            c.employeur === null ? null : { raisonSociale: c.employeur, siret: c.employeur_siret },
        })),
        totalElements,
        q,
      );
    },
  };
}
