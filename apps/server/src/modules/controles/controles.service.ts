import { randomUUID } from 'node:crypto';
import {
  dateControle,
  MESSAGES_VALIDATION,
  NIVEAU_INOPINE,
  peutCreerInopine,
  ROLES,
  ROLES_BUREAU,
  STATUTS_FINALISES,
} from '@estive/domain';
import type {
  ActionBureauResponse,
  CreationInopineResponse,
  creationInopineRequestSchema,
} from '@estive/contracts';
import type { z } from 'zod';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { requirePerimetre, requireRole, type Acteur } from '../../lib/acteur';
import type { SynchroService } from '../synchro/synchro.service';
import type { TourneesService } from '../tournees/tournees.service';
import type { ControlesRepository, LigneBureau } from './controles.repository';

type Demande = z.infer<typeof creationInopineRequestSchema>;
type ErreurChamp = { field: string; defaultMessage: string };

const versReponse = (l: LigneBureau): ActionBureauResponse => ({
  id: String(l.id),
  version: l.version,
  statut: l.statut,
  controleurId: l.controleurId === null ? null : String(l.controleurId),
  raisonAbandon: l.raisonAbandon,
});

export const CONTROLE_INTROUVABLE = "Ce contrôle n'est pas dans votre périmètre";

export const MESSAGE_ECHEC = 'Une erreur est survenue lors de la création du contrôle inopiné.';

/**
 * `POST /api/controle/inopine`: an unannounced inspection created online (spec part 1 §4, §5).
 * Every problem is answered at once, as the spec's field errors, before anything is written.
 */
/**
 * `synchro` is the sync module's service: online creation goes through its push (same rules,
 * idempotent clientUuid, perimeter), and a reassignment writes its tombstone through it.
 */
export function createControlesService(
  repo: ControlesRepository,
  synchro: SynchroService,
  tournees: Pick<TourneesService, 'documentsApresChangementControleur'>,
) {
  async function verifier(acteur: Acteur, odgId: number, d: Demande): Promise<ErreurChamp[]> {
    const erreurs: ErreurChamp[] = [];
    const obligatoire = MESSAGES_VALIDATION.obligatoire;
    const messageDate = dateControle(d.date);
    if (messageDate)
      erreurs.push({ field: `date[${d.personneMoraleId}]`, defaultMessage: messageDate });
    const operateur = Number(d.personneMoraleId);
    const habilites = await repo.labelsHabilites(odgId, operateur);
    const fichierIds = d.controles.flatMap((c) => c.fichierIds.map(Number));
    const siens = await repo.documentsDeLOperateur(operateur, fichierIds);
    d.controles.forEach((c, i) => {
      const champ = (nom: string, defaultMessage: string) =>
        erreurs.push({ field: `controles[${i}].${nom}`, defaultMessage });
      if (!habilites.has(c.aopIgpId))
        champ('aopIgpId', "L'opérateur n'est pas habilité pour cette AOP-IGP");
      if (c.siteIds.length === 0) champ('siteId', obligatoire);
      if (!c.niveau) champ('niveau', obligatoire);
      else if (c.niveau !== NIVEAU_INOPINE)
        champ('niveau', 'Le niveau d’un contrôle inopiné est Initial ciblé inopiné');
      if (c.activiteAopIgpIds.length === 0) champ('activiteAopIgpIds', obligatoire);
      if (c.fichierIds.some((f) => !siens.has(f)))
        champ('documents', "Un des documents n'appartient pas à l'opérateur");
    });
    return erreurs;
  }

  /** Office actions: ANIMATEUR or CNAOL, on a control of the active right's ODG only. */
  function perimetreBureau(acteur: Acteur): number {
    requireRole(acteur, ...ROLES_BUREAU);
    return requirePerimetre(acteur);
  }
  const introuvable = <T>(r: T | undefined): T => {
    if (r === undefined) throw notFound(CONTROLE_INTROUVABLE);
    return r;
  };

  return {
    /**
     * `POST /api/controles/:id/annulation`. A controller who filled it offline meanwhile still
     * sends his entry: it is kept and flagged (CONFLIT), the cancellation stands.
     */
    async annuler(acteur: Acteur, id: number, raison: string): Promise<ActionBureauResponse> {
      const odgId = perimetreBureau(acteur);
      const ligne = await repo.dansLePerimetre(id, odgId, async (tx, avant) => {
        if (avant.statut === 'ANNULE') return avant;
        if (STATUTS_FINALISES.includes(avant.statut))
          throw conflict('Un contrôle réalisé ne peut pas être annulé');
        return repo.annuler(tx, id, raison);
      });
      return versReponse(introuvable(ligne));
    },

    /**
     * `POST /api/controles/:id/controleur`. The previous controller's devices drop the control
     * (tombstone); his offline entry, if any, is still accepted as a CONFLIT.
     */
    async changerControleur(
      acteur: Acteur,
      id: number,
      controleurId: number,
    ): Promise<ActionBureauResponse> {
      const odgId = perimetreBureau(acteur);
      if (
        !Number.isSafeInteger(controleurId) ||
        !(await repo.estControleurDeLOdg(controleurId, odgId))
      ) {
        throw invalid(
          'Veuillez vérifier votre saisie',
          [],
          [
            {
              field: 'controleurId',
              defaultMessage: "Ce contrôleur n'est pas dans votre périmètre",
            },
          ],
        );
      }
      const ligne = await repo.dansLePerimetre(id, odgId, async (tx, avant) => {
        if (avant.controleurId === controleurId) return avant;
        if (STATUTS_FINALISES.includes(avant.statut))
          throw conflict('Un contrôle réalisé ne peut pas changer de contrôleur');
        const ligneChangee = await repo.changerControleur(tx, id, controleurId);
        await repo.journaliserChangementControleur(tx, {
          utilisateurId: acteur.utilisateurId,
          controleId: id,
          avant: avant.controleurId,
          apres: controleurId,
        });
        // Its round's planning and avis de passage print who comes (issue 27 §6).
        if (avant.tourneeId !== null)
          await tournees.documentsApresChangementControleur(tx, avant.tourneeId);
        // The previous controller's devices drop it: same transaction, one fate.
        if (avant.controleurId !== null && avant.controleurId !== controleurId) {
          await synchro.enregistrerSortieDePerimetre(tx, {
            entity: 'controle',
            entityIds: [id],
            utilisateurIds: [avant.controleurId],
          });
        }
        return ligneChangee;
      });
      return versReponse(introuvable(ligne));
    },

    async creerInopine(
      acteur: Acteur,
      d: Demande,
      appVersion: string | null,
    ): Promise<CreationInopineResponse> {
      requireRole(acteur, ...ROLES);
      const droit = acteur.droitActif;
      if (
        !droit ||
        droit.type === 'OC' ||
        !peutCreerInopine({ type: droit.type, siret: droit.siret })
      ) {
        throw forbidden("Seul un droit d'ODG avec un siret permet de créer un contrôle inopiné");
      }
      const erreurs = await verifier(acteur, droit.organismeId, d);
      if (erreurs.length > 0) throw invalid('Veuillez vérifier votre saisie', [], erreurs);
      const newControles = d.controles.map((c, i) => ({
        localId: `inopine-${i}`,
        clientUuid: c.clientUuid ?? randomUUID(),
        numeroRapport: c.numeroRapport,
        personneMoraleId: d.personneMoraleId,
        aopIgpId: c.aopIgpId,
        siteIds: c.siteIds,
        niveau: NIVEAU_INOPINE,
        activiteAopIgpIds: c.activiteAopIgpIds,
        fichierIds: c.fichierIds,
        date: d.date,
        statut: 'EN_COURS',
        etapeSaisie: 1,
      }));
      const reponse = await synchro.pushControles.pousser(acteur, {
        data: JSON.stringify({ newControles, controles: [], documents: [] }),
        fichiers: [],
        appVersion,
      });
      const refus = reponse.resultats.filter((r) => r.statut === 'REJETE' || r.id === null);
      if (refus.length > 0) {
        throw invalid(
          MESSAGE_ECHEC,
          refus.map((r) => r.message ?? MESSAGE_ECHEC),
        );
      }
      return {
        // Every id is set: a null one is a refusal, thrown above.
        ids: reponse.resultats.flatMap((r) => (r.id === null ? [] : [r.id])),
        versions: reponse.resultats.map((r) => r.version ?? 1),
        numerosRapport: reponse.resultats.map((r) => r.numeroRapport ?? ''),
      };
    },
  };
}
export type ControlesService = ReturnType<typeof createControlesService>;
