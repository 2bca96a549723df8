import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  controleModifieSchema,
  nouveauControleSchema,
  type ResultatDocument,
  type ResultatSynchro,
} from '@estive/contracts';
import type { Database, Transaction } from '../../db/client';
import { hasRole, type Acteur } from '../../lib/acteur';
import { erreurPourJournal } from '../../lib/erreur-journal';
import { premierIndesirable } from '../../lib/stockable';
import { empreinte } from './empreinte';
import { numerosRapportRepository as numeros } from './numeros-rapport.repository';
import { rattacherDocuments, type DocumentPret } from './push-documents';
import { pushControleRepository as repo, type Saisie } from './push-controle.repository';

export interface Issue {
  resultat: ResultatSynchro;
  /** The device drops this local id (replaced by a server id, or out of its scope). */
  retirer?: string;
  documents: ResultatDocument[];
}

export const ERREUR_APPLICATION =
  'Une erreur est survenue, le contrôle sera renvoyé à la prochaine synchronisation';

export const motifRejet = (error: z.ZodError) => {
  const issue = error.issues[0];
  if (!issue) return error.message;
  return issue.path.length ? `${issue.path.join('.')} : ${issue.message}` : issue.message;
};

/** Statuses of a signed, final report (spec part 2 §4): the server no longer takes entries on it. */
export const STATUTS_FINALISES: readonly string[] = [
  'REALISE',
  'REALISE_PP_NON_SIGNE',
  'REALISE_ATTENTE_SIGNATURE',
];
export const MESSAGE_FINALISE =
  'Ce contrôle est finalisé : son rapport signé ne peut plus être modifié. Votre saisie est conservée pour le bureau.';
export const MESSAGE_REAFFECTE =
  "Ce contrôle a été attribué à un autre contrôleur : votre saisie n'est pas appliquée, elle est conservée pour le bureau.";

/** Why a pushed control cannot be read, with the field, or null: judged before anything else. */
function refusDeForme(
  schema: z.ZodType,
  brut: unknown,
): { message: string; champ: string } | { data: unknown } {
  const indesirable = premierIndesirable(brut);
  if (indesirable) {
    return {
      champ: indesirable.chemin,
      message: indesirable.chemin
        ? `${indesirable.chemin} : ${indesirable.message}`
        : indesirable.message,
    };
  }
  const parsed = schema.safeParse(brut);
  if (parsed.success) return { data: parsed.data };
  return {
    champ: parsed.error.issues[0]?.path.join('.') ?? '',
    message: motifRejet(parsed.error),
  };
}

export const localIdDe = (brut: unknown, index: number, prefixe: string) => {
  const v = (brut as { localId?: unknown; id?: unknown } | null) ?? {};
  const id = v.localId ?? v.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : `${prefixe}${index}`;
};

/** A control's entry as the push writes it (also what the office compares in a conflict). */
export function saisieDe(
  c: z.infer<typeof controleModifieSchema> | z.infer<typeof nouveauControleSchema>,
): Saisie {
  return {
    date: new Date(c.date),
    statut: c.statut,
    resultat: c.resultat ?? null,
    etapeSaisie: c.etapeSaisie,
    grille: c.grille ?? null,
    synthese: c.synthese ?? null,
    raisonAbandon: c.raisonAbandon ?? null,
  };
}

/** What the server compares to recognise the same entry: the field data, instants normalised. */
const empreinteSaisie = (s: Saisie) => empreinte({ ...s, date: s.date.toISOString() });

/**
 * Applies one pushed control in its own transaction, its files with it. Field data is never
 * discarded: an entry that crossed an office change is stored and flagged (CONFLIT), the same
 * entry twice is recognised (DOUBLON).
 */
export function createApplicationControle(db: Database, log: Pick<FastifyBaseLogger, 'error'>) {
  const rejet = (
    localId: string,
    message: string,
    extra: Partial<ResultatSynchro> = {},
  ): Issue => ({
    resultat: { localId, id: null, version: null, statut: 'REJETE', message, ...extra },
    documents: [],
  });

  /** Runs one control's transaction; an unexpected failure rejects that control only. */
  async function isoler(localId: string, fn: (tx: Transaction) => Promise<Issue>): Promise<Issue> {
    try {
      return await db.transaction(fn);
    } catch (error) {
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

  async function appliquerNouveau(
    acteur: Acteur,
    brut: unknown,
    localId: string,
    inboxId: number,
    documents: DocumentPret[],
  ): Promise<Issue> {
    const forme = refusDeForme(nouveauControleSchema, brut);
    if (!('data' in forme)) return rejet(localId, forme.message, { champ: forme.champ });
    const c = forme.data as z.infer<typeof nouveauControleSchema>;
    const clientUuid = c.clientUuid;
    if (!acteur.droitActif)
      return rejet(localId, 'Veuillez sélectionner un périmètre', { clientUuid });
    const odgId = acteur.droitActif.organismeId;
    const saisie = saisieDe(c);
    const ids = (v: string[]) => v.map(Number);
    const numero = c.numeroRapport === undefined ? undefined : Number(c.numeroRapport);
    const mesDocuments = documents.filter((d) => d.ref === localId || d.ref === clientUuid);
    return isoler(localId, async (tx) => {
      const deja = await repo.parClientUuid(tx, clientUuid);
      let ligne = deja;
      let statut: ResultatSynchro['statut'] = 'DOUBLON';
      if (!deja) {
        const ligneNouvelle = {
          ...saisie,
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
        const inseree = await repo.inserer(tx, ligneNouvelle);
        if (inseree && numero !== undefined) await numeros.attribuer(tx, numero, inseree.id);
        // A concurrent push of the same control won the insert: it is the same entry.
        ligne = inseree
          ? { ...inseree, ...ligneNouvelle }
          : await repo.parClientUuid(tx, clientUuid);
        if (inseree) statut = 'ACCEPTE';
      }
      if (!ligne) return rejet(localId, ERREUR_APPLICATION, { clientUuid });
      // A clientUuid belongs to the account that first sent it: nobody else writes through it.
      if (
        ligne.controleurId !== acteur.utilisateurId &&
        !(await repo.premierEnvoiPar(tx, ligne.id, acteur.utilisateurId))
      ) {
        return rejet(localId, 'Identifiant client déjà utilisé', { clientUuid });
      }
      await repo.noterSaisie(tx, {
        controleId: ligne.id,
        baseVersion: 0,
        sha256: empreinteSaisie(saisie),
        inboxId,
      });
      const docs = await rattacherDocuments(repo, tx, ligne, mesDocuments);
      const id = String(ligne.id);
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

  async function appliquerModification(
    acteur: Acteur,
    brut: unknown,
    localId: string,
    inboxId: number,
    documents: DocumentPret[],
  ): Promise<Issue> {
    const forme = refusDeForme(controleModifieSchema, brut);
    if (!('data' in forme)) return rejet(localId, forme.message, { champ: forme.champ });
    const c = forme.data as z.infer<typeof controleModifieSchema>;
    const id = Number(c.id);
    if (!Number.isSafeInteger(id)) return rejet(localId, 'Contrôle introuvable');
    const saisie = saisieDe(c);
    if (saisie.statut === 'ANNULE' && !saisie.raisonAbandon) {
      return rejet(localId, "La raison de l'abandon est obligatoire");
    }
    const mesDocuments = documents.filter((d) => d.ref === localId || d.ref === c.id);
    return isoler(localId, async (tx) => {
      const row = await repo.verrouiller(tx, id);
      if (!row) return rejet(localId, 'Contrôle introuvable');
      const controleur =
        hasRole(acteur, 'ROLE_CONTROLEUR') && !hasRole(acteur, 'ROLE_ANIMATEUR', 'ROLE_CNAOL');
      const mien = controleur
        ? row.controleurId === acteur.utilisateurId
        : row.odgId === acteur.droitActif?.organismeId;
      // A controller whose control was reassigned while he worked offline keeps his entry.
      const repris = !mien && controleur && (await repo.aEteAffecte(tx, id, acteur.utilisateurId));
      if (!mien && !repris) {
        return rejet(
          localId,
          controleur
            ? 'Ce contrôle ne vous est pas attribué'
            : "Ce contrôle n'est pas dans votre périmètre",
        );
      }
      const sha256 = empreinteSaisie(saisie);
      const supprime = row.deletedAt !== null;
      const serveur = {
        statut: row.statut,
        controleurId: row.controleurId,
        date: row.date.toISOString(),
        etapeSaisie: row.etapeSaisie,
        resultat: row.resultat,
        raisonAbandon: row.raisonAbandon,
        grille: row.grille,
        synthese: row.synthese,
      };
      const conflit = (motif: string) =>
        repo.noterConflit(tx, {
          controleId: id,
          inboxId,
          baseVersion: c.baseVersion,
          versionServeur: row.version,
          motif,
          saisie: brut,
          serveur,
        });
      // The same entry again (a lost answer, a retry): harmless, whatever happened since.
      const identique =
        sha256 ===
          empreinteSaisie({
            date: row.date,
            statut: row.statut,
            resultat: row.resultat,
            etapeSaisie: row.etapeSaisie,
            grille: row.grille,
            synthese: row.synthese,
            raisonAbandon: row.raisonAbandon,
          }) || (await repo.saisieDejaRecue(tx, id, sha256, c.baseVersion));
      // Not the sender's any more, or signed and final: the entry is not applied. It stays in the
      // inbox with a conflict record the office lists; the device keeps its copy (DESIGN §5).
      const verrou = repris
        ? 'REAFFECTE'
        : STATUTS_FINALISES.includes(row.statut)
          ? 'FINALISE'
          : null;
      if (verrou && !identique) {
        const deja = await repo.conflitDejaNote(tx, {
          controleId: id,
          motif: verrou,
          baseVersion: c.baseVersion,
          saisie: brut,
        });
        if (!deja) await conflit(verrou);
        // Once the office settled it, the entry is answered DOUBLON: the device stops sending it
        // and takes the control as the office left it (its card loses the conflict mark).
        if (deja?.resolu !== true)
          return rejet(localId, verrou === 'REAFFECTE' ? MESSAGE_REAFFECTE : MESSAGE_FINALISE, {
            id: String(id),
            version: row.version,
          });
      }
      let statut: ResultatSynchro['statut'];
      if (verrou) {
        statut = 'DOUBLON';
      } else if (mien && !supprime && row.version === c.baseVersion) {
        await repo.appliquer(tx, id, saisie);
        statut = 'ACCEPTE';
      } else if (identique) {
        statut = 'DOUBLON';
      } else {
        // The office changed the control meanwhile (still the sender's): keep the controller's
        // entry, keep the office's decisions on scope (cancellation), flag it for the office.
        const motif = supprime ? 'SUPPRIME' : row.statut === 'ANNULE' ? 'ANNULE' : 'MODIFIE';
        await conflit(motif);
        await repo.appliquer(tx, id, {
          ...saisie,
          statut: row.statut === 'ANNULE' ? 'ANNULE' : saisie.statut,
          raisonAbandon: row.statut === 'ANNULE' ? row.raisonAbandon : saisie.raisonAbandon,
          conflit: true,
        });
        statut = 'CONFLIT';
      }
      await repo.noterSaisie(tx, { controleId: id, baseVersion: c.baseVersion, sha256, inboxId });
      const docs = await rattacherDocuments(repo, tx, row, mesDocuments);
      return {
        resultat: { localId, id: String(id), version: await repo.version(tx, id), statut },
        retirer: supprime ? localId : undefined,
        documents: docs,
      };
    });
  }

  return { appliquerNouveau, appliquerModification };
}
