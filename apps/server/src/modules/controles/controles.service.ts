import { randomUUID } from 'node:crypto';
import {
  dateControle,
  MESSAGES_VALIDATION,
  NIVEAU_INOPINE,
  peutCreerInopine,
} from '@estive/domain';
import type {
  CreationInopineResponse,
  PushControlesResponse,
  creationInopineRequestSchema,
} from '@estive/contracts';
import type { z } from 'zod';
import { forbidden, invalid } from '../../lib/errors';
import { requireRole, type Acteur } from '../../lib/acteur';
import type { ControlesRepository } from './controles.repository';

type Demande = z.infer<typeof creationInopineRequestSchema>;
type ErreurChamp = { field: string; defaultMessage: string };

/** The sync module's apply service: the same rules (idempotent clientUuid, perimeter) online and offline. */
export interface CreateurControles {
  pousser(
    acteur: Acteur,
    requete: { data: string; fichiers: []; appVersion: string | null },
  ): Promise<PushControlesResponse>;
}

export const MESSAGE_ECHEC = 'Une erreur est survenue lors de la création du controle inopiné.';

/**
 * `POST /api/controle/inopine`: an unannounced inspection created online (spec part 1 §4, §5).
 * Every problem is answered at once, as the spec's field errors, before anything is written.
 */
export function createControlesService(repo: ControlesRepository, createur: CreateurControles) {
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

  return {
    async creerInopine(
      acteur: Acteur,
      d: Demande,
      appVersion: string | null,
    ): Promise<CreationInopineResponse> {
      requireRole(acteur, 'ROLE_CNAOL', 'ROLE_ANIMATEUR', 'ROLE_CONTROLEUR');
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
      const reponse = await createur.pousser(acteur, {
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
        ids: reponse.resultats.map((r) => r.id!),
        versions: reponse.resultats.map((r) => r.version ?? 1),
      };
    },
  };
}
export type ControlesService = ReturnType<typeof createControlesService>;
