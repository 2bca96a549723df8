import { ROLES } from '@estive/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  pushControlesDataSchema,
  type NouveauControleEnvoye,
  type PushControlesResponse,
  type ResultatDocument,
  type ResultatSynchro,
} from '@estive/contracts';
import type { Database } from '../../db/client';
import { requireRole, type Acteur } from '../../lib/acteur';
import { invalid } from '../../lib/errors';
import { createApplicationControle, localIdDe, motifRejet, type Issue } from './apply-controle';
import type { FichierRecu, InboxRepository } from './inbox.repository';
import { preparerDocuments } from './push-documents';

/** An inbox entry of kind 'controle', as stored. */
export interface EntreeARejouer {
  inboxId: number;
  payload: unknown;
  /** False when the device's data part could not be read as JSON when it arrived. */
  lisible: boolean;
  fichiers: FichierRecu[];
}

export interface RequeteControles {
  /** The `data` part as received; parsed only after the inbox has it. */
  data: string | undefined;
  fichiers: FichierRecu[];
  appVersion: string | null;
}

/**
 * The push of controls (docs/architecture.md §5 Push): the raw request goes to the inbox first,
 * then each control is applied in its own transaction (apply-controle.ts); the outcome is kept
 * beside the inbox entry.
 */
export function createPushControleService(
  db: Database,
  inbox: InboxRepository,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const { appliquerNouveau, appliquerModification } = createApplicationControle(db, log);

  /** Everything after the inbox: parse, apply each control in its own transaction, keep the outcome. */
  async function appliquerRequete(
    acteur: Acteur,
    inboxId: number,
    payload: unknown,
    fichiers: FichierRecu[],
    lisible = true,
  ): Promise<PushControlesResponse> {
    const data = pushControlesDataSchema.safeParse(payload);
    if (!lisible || !data.success) {
      const motif = data.success
        ? 'La partie data est absente ou illisible'
        : motifRejet(data.error);
      await inbox.enregistrerTraitement(inboxId, { erreur: motif });
      throw invalid('La partie data de la requête est invalide', [motif]);
    }
    const { prets, rejetes } = await preparerDocuments(data.data.documents, fichiers);
    const issues: Issue[] = [];
    for (const [i, brut] of data.data.newControles.entries()) {
      const localId = localIdDe(brut, i, 'new-');
      issues.push(await appliquerNouveau({ acteur, brut, localId, inboxId, documents: prets }));
    }
    for (const [i, brut] of data.data.controles.entries()) {
      const localId = localIdDe(brut, i, 'controle-');
      issues.push(
        await appliquerModification({ acteur, brut, localId, inboxId, documents: prets }),
      );
    }
    const rattaches = new Set(issues.flatMap((i) => i.documents.map((d) => d.nom)));
    const orphelins = prets
      .filter((d) => !rattaches.has(d.nom))
      .map((d): ResultatDocument => ({
        nom: d.nom,
        id: null,
        statut: 'REJETE',
        message: "Le contrôle de ce fichier n'a pas été enregistré",
      }));
    const reponse: PushControlesResponse = {
      resultats: issues.map((i) => i.resultat),
      toRemove: issues.flatMap((i) => (i.retirer ? [i.retirer] : [])),
      documents: [...issues.flatMap((i) => i.documents), ...rejetes, ...orphelins],
    };
    await inbox.enregistrerTraitement(inboxId, reponse);
    return reponse;
  }

  return {
    /** `POST /api/synchro/controle`. */
    async pousser(acteur: Acteur, requete: RequeteControles): Promise<PushControlesResponse> {
      requireRole(acteur, ...ROLES);
      let payload: unknown = null;
      let lisible = requete.data !== undefined;
      try {
        if (requete.data !== undefined) payload = JSON.parse(requete.data);
      } catch {
        // Kept as received: even an unreadable request goes to the inbox.
        payload = { brut: requete.data };
        lisible = false;
      }
      const { inboxId } = await inbox.enregistrer({
        utilisateurId: acteur.utilisateurId,
        droitId: acteur.droitActif?.id ?? null,
        kind: 'controle',
        appVersion: requete.appVersion,
        payload,
        brut: requete.data,
        fichiers: requete.fichiers,
      });
      return appliquerRequete(acteur, inboxId, payload, requete.fichiers, lisible);
    },

    /**
     * Applies an inbox entry again (`npm run inbox:replay`): same judgement as when it arrived,
     * under the sender's rights of today. Harmless on an entry already applied (DOUBLON); the new
     * outcome is kept beside the old ones.
     */
    async rejouer(acteur: Acteur, entree: EntreeARejouer): Promise<PushControlesResponse> {
      return appliquerRequete(
        acteur,
        entree.inboxId,
        entree.payload,
        entree.fichiers,
        entree.lisible,
      );
    },

    /**
     * Creates one control entered online (unannounced inspection) through the same path as an
     * offline one: inbox, idempotence on clientUuid, scope checks.
     */
    async appliquerNouveauControle(
      acteur: Acteur,
      nouveau: NouveauControleEnvoye,
    ): Promise<ResultatSynchro> {
      requireRole(acteur, ...ROLES);
      const { inboxId } = await inbox.enregistrer({
        utilisateurId: acteur.utilisateurId,
        droitId: acteur.droitActif?.id ?? null,
        kind: 'controle',
        appVersion: null,
        payload: { newControles: [nouveau], controles: [], documents: [] },
      });
      const issue = await appliquerNouveau({
        acteur,
        brut: nouveau,
        localId: localIdDe(nouveau, 0, 'new-'),
        inboxId,
        documents: [],
      });
      await inbox.enregistrerTraitement(inboxId, { resultats: [issue.resultat] });
      return issue.resultat;
    },
  };
}
export type PushControleService = ReturnType<typeof createPushControleService>;
