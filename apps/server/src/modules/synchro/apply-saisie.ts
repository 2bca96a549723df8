import type { z } from 'zod';
import type {
  controleModifieSchema,
  nouveauControleSchema,
  ResultatDocument,
  ResultatSynchro,
} from '@estive/contracts';
import type { Transaction } from '../../db/client';
import { hasRole, type Acteur } from '../../lib/acteur';
import { empreinte } from './empreinte';
import { rattacherDocuments, type DocumentPret } from './push-documents';
import { pushControleRepository as repo, type Saisie } from './push-controle.repository';

export interface Issue {
  resultat: ResultatSynchro;
  /** The device drops this local id (replaced by a server id, or out of its scope). */
  retirer?: string;
  documents: ResultatDocument[];
}

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

export const rejet = (
  localId: string,
  message: string,
  extra: Partial<ResultatSynchro> = {},
): Issue => ({
  resultat: { localId, id: null, version: null, statut: 'REJETE', message, ...extra },
  documents: [],
});

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
export const empreinteSaisie = (s: Saisie) => empreinte({ ...s, date: s.date.toISOString() });

export interface EntreeSurControle {
  id: number;
  localId: string;
  /**
   * The version the device's entry was made on; `CREATION` for an entry made on a control the
   * device created and whose creation answer it never received.
   */
  baseVersion: number | typeof CREATION;
  saisie: Saisie;
  /** The control as the device sent it, kept whole in a conflict record. */
  brut: unknown;
  inboxId: number;
  documents: DocumentPret[];
}
export const CREATION = 'creation';

/**
 * Applies a device's entry to an existing control, inside the caller's transaction. Field data is
 * never discarded: an entry that crossed an office change is stored and flagged (CONFLIT), the
 * same entry twice is recognised (DOUBLON), an entry on a control no longer the sender's or signed
 * is kept for the office (REJETE).
 */
export async function appliquerSaisie(
  tx: Transaction,
  acteur: Acteur,
  e: EntreeSurControle,
): Promise<Issue> {
  const { id, localId, saisie } = e;
  if (saisie.statut === 'ANNULE' && !saisie.raisonAbandon) {
    return rejet(localId, "La raison de l'abandon est obligatoire");
  }
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
  const shaServeur = empreinteSaisie({
    date: row.date,
    statut: row.statut,
    resultat: row.resultat,
    etapeSaisie: row.etapeSaisie,
    grille: row.grille,
    synthese: row.synthese,
    raisonAbandon: row.raisonAbandon,
  });
  // Entries on a creation are noted at base version 0, the creation's own.
  const baseNotee = e.baseVersion === CREATION ? 0 : e.baseVersion;
  // Made on the creation: unchanged since if the server still holds an entry of that creation.
  const baseVersion =
    e.baseVersion !== CREATION
      ? e.baseVersion
      : (await repo.saisieDejaRecue(tx, id, shaServeur, 0))
        ? row.version
        : 0;
  const supprime = row.deletedAt !== null;
  const conflit = (motif: string) =>
    repo.noterConflit(tx, {
      controleId: id,
      inboxId: e.inboxId,
      baseVersion: baseNotee,
      versionServeur: row.version,
      motif,
      saisie: e.brut,
      serveur: {
        statut: row.statut,
        controleurId: row.controleurId,
        date: row.date.toISOString(),
        etapeSaisie: row.etapeSaisie,
        resultat: row.resultat,
        raisonAbandon: row.raisonAbandon,
        grille: row.grille,
        synthese: row.synthese,
      },
    });
  // The same entry again (a lost answer, a retry): harmless, whatever happened since.
  const identique =
    sha256 === shaServeur || (await repo.saisieDejaRecue(tx, id, sha256, baseNotee));
  // Not the sender's any more, or signed and final: the entry is not applied. It stays in the
  // inbox with a conflict record the office lists; the device keeps its copy (DESIGN §5).
  const verrou = repris ? 'REAFFECTE' : STATUTS_FINALISES.includes(row.statut) ? 'FINALISE' : null;
  if (verrou && !identique) {
    const deja = await repo.conflitDejaNote(tx, {
      controleId: id,
      motif: verrou,
      baseVersion: baseNotee,
      saisie: e.brut,
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
  } else if (mien && !supprime && row.version === baseVersion) {
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
  await repo.noterSaisie(tx, {
    controleId: id,
    baseVersion: baseNotee,
    sha256,
    inboxId: e.inboxId,
  });
  const docs = await rattacherDocuments(repo, tx, row, e.documents);
  return {
    resultat: { localId, id: String(id), version: await repo.version(tx, id), statut },
    retirer: supprime ? localId : undefined,
    documents: docs,
  };
}
