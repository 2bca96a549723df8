import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  controleModifieSchema,
  nouveauControleSchema,
  type ResultatSynchro,
} from '@estive/contracts';
import type { Database, Transaction } from '../../db/client';
import type { Acteur } from '../../lib/acteur';
import { erreurPourJournal } from '../../lib/erreur-journal';
import { baseAbsente } from '../../lib/base-absente';
import { premierIndesirable } from '../../lib/stockable';
import { STATUTS_FINALISES, champDe } from '@estive/domain';
import {
  appliquerSaisie,
  CREATION,
  ecartsSaisie,
  empreinteSaisie,
  messageVerdicts,
  rejet,
  saisieDe,
  type Issue,
} from './apply-saisie';
import { deriverManquements } from './manquements-terrain.service';
import { numerosRapportRepository as numeros } from './numeros-rapport.repository';
import { rattacherDocuments, type DocumentPret } from './push-documents';
import { pushControleRepository as repo } from './push-controle.repository';

export { saisieDe, type Issue };

export const ERREUR_APPLICATION =
  'Une erreur est survenue, le contrôle sera renvoyé à la prochaine synchronisation';

export const motifRejet = (error: z.ZodError) => {
  const issue = error.issues[0];
  if (!issue) return error.message;
  return issue.path.length ? `${issue.path.join('.')} : ${issue.message}` : issue.message;
};

/** The pushed control read by its schema, or why it cannot be: judged before anything else. */
function lireControle<S extends z.ZodType>(
  schema: S,
  brut: unknown,
  localId: string,
): { data: z.output<S> } | { refus: Issue } {
  const indesirable = premierIndesirable(brut);
  if (indesirable) {
    const { chemin, message } = indesirable;
    return {
      refus: rejet(localId, chemin ? `${chemin} : ${message}` : message, { champ: chemin }),
    };
  }
  const parsed = schema.safeParse(brut);
  if (parsed.success) return { data: parsed.data };
  return {
    refus: rejet(localId, motifRejet(parsed.error), {
      champ: parsed.error.issues[0]?.path.join('.') ?? '',
    }),
  };
}

export const localIdDe = (brut: unknown, index: number, prefixe: string) => {
  const id = champDe(brut, 'localId') ?? champDe(brut, 'id');
  return typeof id === 'string' || typeof id === 'number' ? String(id) : `${prefixe}${index}`;
};

/** One control of a push as the device sent it, with the push's inbox row and its files. */
export interface ControlePousse {
  acteur: Acteur;
  /** The control's JSON, read by its schema here (a new control or a modified one). */
  brut: unknown;
  /** The device's id of it, named in the answer (localIdDe). */
  localId: string;
  inboxId: number;
  /** All the push's files; each control takes those that name it. */
  documents: DocumentPret[];
}

/**
 * Applies one pushed control in its own transaction, its files with it. Field data is never
 * discarded: an entry that crossed an office change is stored and flagged (CONFLIT), the same
 * entry twice is recognised (DOUBLON).
 */
export function createApplicationControle(db: Database, log: Pick<FastifyBaseLogger, 'error'>) {
  /** Runs one control's transaction; an unexpected failure rejects that control only. */
  async function isoler(localId: string, fn: (tx: Transaction) => Promise<Issue>): Promise<Issue> {
    try {
      return await db.transaction(fn);
    } catch (error) {
      // The database is away: the whole request answers 503 and its stored push is resumed
      // (inbox-reprise.job) or sent again, rather than this control reported refused.
      if (baseAbsente(error)) throw error;
      log.error({ erreur: erreurPourJournal(error) }, 'synchro: application du contrôle en échec');
      return rejet(localId, ERREUR_APPLICATION);
    }
  }

  /**
   * The number the device printed must be one reserved for this user and still free: the server
   * keeps it, so the signed report and the server's record carry the same number. Taken by this
   * very control (a concurrent push of it won), it is the same entry: the insert says DOUBLON.
   */
  async function numeroRefuse(
    tx: Transaction,
    numero: number | undefined,
    utilisateurId: number,
    clientUuid: string,
  ): Promise<string | null> {
    if (numero === undefined) return null;
    const reservation = await numeros.reservation(tx, numero, utilisateurId);
    if (!reservation) return "Ce numéro de rapport n'a pas été réservé pour vous";
    if (reservation.controleId === null) return null;
    return (await repo.parClientUuid(tx, clientUuid))
      ? null
      : 'Ce numéro de rapport est déjà utilisé';
  }

  async function appliquerNouveau(pousse: ControlePousse): Promise<Issue> {
    const { acteur, brut, localId, inboxId, documents } = pousse;
    const lu = lireControle(nouveauControleSchema, brut, localId);
    if ('refus' in lu) return lu.refus;
    const c = lu.data;
    const clientUuid = c.clientUuid;
    if (!acteur.droitActif)
      return rejet(localId, 'Veuillez sélectionner un périmètre', { clientUuid });
    const odgId = acteur.droitActif.organismeId;
    const saisie = saisieDe(c);
    const ids = (v: string[]) => v.map(Number);
    const numero = c.numeroRapport === undefined ? undefined : Number(c.numeroRapport);
    const mesDocuments = documents.filter((d) => d.ref === localId || d.ref === clientUuid);
    const rapportSha256 = STATUTS_FINALISES.includes(saisie.statut) ? c.rapportSha256 : undefined;
    return isoler(localId, async (tx) => {
      const deja = await repo.parClientUuid(tx, clientUuid);
      let ligne = deja;
      let statut: ResultatSynchro['statut'] = 'DOUBLON';
      if (!deja) {
        const ligneNouvelle = {
          ...saisie,
          rapportSha256: rapportSha256 ?? null,
          clientUuid,
          odgId,
          controleurId: acteur.utilisateurId,
          personneMoraleId: Number(c.personneMoraleId),
          aopIgpId: Number(c.aopIgpId),
          niveau: c.niveau,
          siteIds: ids(c.siteIds),
          activiteAopIgpIds: ids(c.activiteAopIgpIds),
          fichierIds: ids(c.fichierIds ?? []),
          ...(numero === undefined ? {} : { numeroRapport: numero }),
        };
        const refus = await repo.refusNouveau(tx, ligneNouvelle);
        if (refus) return rejet(localId, refus, { clientUuid });
        const refusNumero = await numeroRefuse(tx, numero, acteur.utilisateurId, clientUuid);
        if (refusNumero) return rejet(localId, refusNumero, { clientUuid });
        const ecarts = await ecartsSaisie(tx, ligneNouvelle.aopIgpId, saisie);
        if (ecarts.length > 0) {
          // Created without the entry, which waits in the inbox for the office (conflict).
          const vierge = await repo.inserer(tx, { ...ligneNouvelle, ...SAISIE_VIERGE });
          if (vierge) {
            if (numero !== undefined) await numeros.attribuer(tx, numero, vierge.id);
            await repo.noterConflit(tx, {
              controleId: vierge.id,
              inboxId,
              baseVersion: 0,
              versionServeur: vierge.version,
              motif: 'VERDICTS',
              saisie: brut,
              serveur: { ...SAISIE_VIERGE, date: saisie.date.toISOString(), ecarts },
            });
            return rejet(localId, messageVerdicts(ecarts), { clientUuid });
          }
        }
        const inseree = ecarts.length > 0 ? undefined : await repo.inserer(tx, ligneNouvelle);
        if (inseree && numero !== undefined) await numeros.attribuer(tx, numero, inseree.id);
        // A concurrent push of the same control won the insert: it is the same entry.
        ligne = inseree
          ? { ...inseree, ...ligneNouvelle }
          : await repo.parClientUuid(tx, clientUuid);
        if (inseree) {
          statut = 'ACCEPTE';
          await deriverManquements(
            tx,
            { ...ligneNouvelle, id: inseree.id, numeroRapport: inseree.numeroRapport },
            acteur.utilisateurId,
          );
        }
      }
      if (!ligne) return rejet(localId, ERREUR_APPLICATION, { clientUuid });
      // A clientUuid belongs to the account that first sent it: nobody else writes through it.
      if (
        ligne.controleurId !== acteur.utilisateurId &&
        !(await repo.premierEnvoiPar(tx, ligne.id, acteur.utilisateurId))
      ) {
        return rejet(localId, 'Identifiant client déjà utilisé', { clientUuid });
      }
      const id = String(ligne.id);
      const sha256 = empreinteSaisie(saisie);
      if (statut === 'DOUBLON' && !(await repo.saisieDejaRecue(tx, ligne.id, sha256, 0))) {
        // The creation again with a newer entry: its answer was lost and the controller went on
        // working. The entry is applied to the control the creation made, like every later entry.
        const issue = await appliquerSaisie(tx, acteur, {
          id: ligne.id,
          localId,
          baseVersion: CREATION,
          saisie,
          brut,
          inboxId,
          documents: mesDocuments,
          ...(rapportSha256 === undefined ? {} : { rapportSha256 }),
        });
        if (issue.resultat.statut === 'REJETE')
          return { ...issue, resultat: { ...issue.resultat, clientUuid } };
        return {
          ...issue,
          resultat: { ...issue.resultat, clientUuid, numeroRapport: String(ligne.numeroRapport) },
          retirer: localId !== id ? localId : undefined,
        };
      }
      await repo.noterSaisie(tx, { controleId: ligne.id, baseVersion: 0, sha256, inboxId });
      const docs = await rattacherDocuments(repo, tx, ligne, mesDocuments, {
        finaliseAvant: statut === 'DOUBLON' && STATUTS_FINALISES.includes(ligne.statut),
        rapportSha256: ligne.rapportSha256,
      });
      return {
        resultat: {
          localId,
          clientUuid,
          id,
          version: await repo.version(tx, ligne.id),
          statut,
          numeroRapport: String(ligne.numeroRapport),
        },
        retirer: localId !== id ? localId : undefined,
        documents: docs,
      };
    });
  }

  /** What a control created from a refused entry holds: nothing of the entry. */
  const SAISIE_VIERGE = {
    statut: 'EN_COURS',
    resultat: null,
    etapeSaisie: 1,
    grille: null,
    synthese: null,
    raisonAbandon: null,
    rapportSha256: null,
  } as const;

  async function appliquerModification(pousse: ControlePousse): Promise<Issue> {
    const { acteur, brut, localId, inboxId, documents } = pousse;
    const lu = lireControle(controleModifieSchema, brut, localId);
    if ('refus' in lu) return lu.refus;
    const c = lu.data;
    const id = Number(c.id);
    if (!Number.isSafeInteger(id)) return rejet(localId, 'Contrôle introuvable');
    const mesDocuments = documents.filter((d) => d.ref === localId || d.ref === c.id);
    return isoler(localId, (tx) =>
      appliquerSaisie(tx, acteur, {
        id,
        localId,
        baseVersion: c.baseVersion,
        saisie: saisieDe(c),
        brut,
        inboxId,
        documents: mesDocuments,
        ...(c.rapportSha256 === undefined ? {} : { rapportSha256: c.rapportSha256 }),
      }),
    );
  }

  return { appliquerNouveau, appliquerModification };
}
