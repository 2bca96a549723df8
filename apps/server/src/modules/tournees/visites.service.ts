import { instantParis, jourParis, ROLES_BUREAU as BUREAU } from '@estive/domain';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import type { Database } from '../../db/client';
import { invalid, notFound } from '../../lib/errors';
import type { ControleursRepository } from './controleurs.repository';
import type { TourneesRepository } from './tournees.repository';
import type { TourneesService } from './tournees.service';
import { CONTROLEUR_HORS_PERIMETRE } from './validation';

/**
 * Issue 32 item 4: two visits of one controller at the same hour warn. The rule is the domain's
 * (`visitesMemeHeure`), run where the date and the controller are chosen; this gives it the
 * controller's visits outside the round, from today (Paris).
 */
export function createVisitesService(d: {
  lecture: TourneesRepository;
  controleurs: ControleursRepository;
  db: Database;
}) {
  return {
    async visitesControleur(acteur: Acteur, id: number, controleurId?: string) {
      requireRole(acteur, ...BUREAU);
      const odgId = requirePerimetre(acteur);
      const tournee = await d.lecture.trouver(id, odgId);
      if (!tournee) throw notFound('Tournée introuvable');
      let controleur = tournee.controleur_id;
      if (controleurId !== undefined) {
        controleur = Number(controleurId);
        if (!(await d.lecture.estControleurDeLOdg(d.db, controleur, odgId)))
          throw invalid(
            CONTROLEUR_HORS_PERIMETRE,
            [],
            [{ field: 'controleurId', defaultMessage: CONTROLEUR_HORS_PERIMETRE }],
          );
      }
      if (controleur === null) return { visites: [] };
      const depuis = instantParis(jourParis(new Date()), '00:00');
      const rows = await d.controleurs.visites(controleur, odgId, id, depuis);
      return {
        visites: rows.map((r) => ({
          controleId: String(r.id),
          tourneeId: r.tournee_id === null ? null : String(r.tournee_id),
          personneMoraleId: r.personne_morale_id === null ? null : String(r.personne_morale_id),
          raisonSociale: r.raison_sociale,
          date: r.date.toISOString(),
        })),
      };
    },
  };
}
export type VisitesService = ReturnType<typeof createVisitesService>;

/** The rounds' use cases, with the controller's visits the wizard checks hours against. */
export type ServiceTournees = TourneesService & VisitesService;
