import type { z } from 'zod';
import type {
  controleModifieSchema,
  nouveauControleSchema,
  ResultatDocument,
  ResultatSynchro,
} from '@estive/contracts';
import { grilleSchema, jugerSaisie, MESSAGES_GRILLE, STATUTS_FINALISES } from '@estive/domain';
import type { Transaction } from '../../db/client';
import { hasRole, type Acteur } from '../../lib/acteur';
import { empreinte } from './empreinte';
import { deriverManquements, manquementsDuLabel } from './manquements-terrain.service';
import { manquementsTerrainRepository } from './manquements-terrain.repository';
import { rattacherDocuments, type DocumentPret } from './push-documents';
import { pushControleRepository as repo, type Saisie } from './push-controle.repository';

export interface Issue {
  resultat: ResultatSynchro;
  /** The device drops this local id (replaced by a server id, or out of its scope). */
  retirer?: string;
  documents: ResultatDocument[];
}

export const MESSAGE_FINALISE =
  'Ce contrôle est finalisé : son rapport signé ne peut plus être modifié. Votre saisie est conservée pour le bureau.';
export const MESSAGE_REAFFECTE =
  "Ce contrôle a été attribué à un autre contrôleur : votre saisie n'est pas appliquée, elle est conservée pour le bureau.";

/** The entry disagrees with the domain engine (a forged or faulty device): kept for the office. */
export const messageVerdicts = (ecarts: readonly string[]) =>
  `La grille envoyée ne suit pas les règles de contrôle : ${ecarts[0] ?? ''}${
    ecarts.length > 1 ? ` (et ${String(ecarts.length - 1)} autre(s) écart(s))` : ''
  }. Votre saisie est conservée pour le bureau.`;

/**
 * Where a pushed entry disagrees with the engine the device runs
 * (docs/architecture.md §5 'The server judges what it stores'), and shortcomings on points that
 * are not the label's; empty when it agrees.
 */
export async function ecartsSaisie(
  tx: Transaction,
  aopIgpId: number,
  saisie: Saisie,
): Promise<string[]> {
  if (saisie.grille === null)
    return STATUTS_FINALISES.includes(saisie.statut) ? [MESSAGES_GRILLE.grilleIncomplete] : [];
  const grille = grilleSchema.parse(saisie.grille);
  const ecarts = jugerSaisie(grille, {
    aopIgpId: String(aopIgpId),
    statut: saisie.statut,
    resultat: saisie.resultat,
  });
  const points = manquementsDuLabel({ aopIgpId, statut: saisie.statut, grille }).map((m) =>
    Number(m.pointControleId),
  );
  for (const id of await manquementsTerrainRepository.pointsHorsLabel(tx, aopIgpId, points))
    ecarts.push(`Le point ${String(id)} n'est pas un point de contrôle de cette AOP-IGP`);
  return ecarts;
}

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
  /** The sha256 of the report PDF the device printed and had signed, sent with the finalised entry. */
  rapportSha256?: string;
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
  const conflit = (motif: string, ecarts: string[] = []) =>
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
        ...(ecarts.length > 0 ? { ecarts } : {}),
      },
    });
  // The same entry again (a lost answer, a retry): harmless, whatever happened since.
  const identique =
    sha256 === shaServeur || (await repo.saisieDejaRecue(tx, id, sha256, baseNotee));
  // Not the sender's any more, or signed and final: the entry is not applied. It stays in the
  // inbox with a conflict record the office lists; the device keeps its copy
  // (docs/architecture.md §5).
  const finaliseAvant = STATUTS_FINALISES.includes(row.statut);
  const verrou = repris ? 'REAFFECTE' : finaliseAvant ? 'FINALISE' : null;
  // A forged or faulty entry is refused like a locked one: not stored, kept for the office.
  const ecarts = verrou || identique ? [] : await ecartsSaisie(tx, row.aopIgpId, saisie);
  const refus = verrou ?? (ecarts.length > 0 ? 'VERDICTS' : null);
  if (refus && !identique) {
    const deja = await repo.conflitDejaNote(tx, {
      controleId: id,
      motif: refus,
      baseVersion: baseNotee,
      saisie: e.brut,
    });
    if (!deja) await conflit(refus, ecarts);
    // Once the office settled it, the entry is answered DOUBLON: the device stops sending it
    // and takes the control as the office left it (its card loses the conflict mark).
    if (deja?.resolu !== true)
      return rejet(
        localId,
        refus === 'REAFFECTE'
          ? MESSAGE_REAFFECTE
          : refus === 'FINALISE'
            ? MESSAGE_FINALISE
            : messageVerdicts(ecarts),
        { id: String(id), version: row.version },
      );
  }
  // The fingerprint of the signed report, recorded with the entry that finalises the control.
  const sceau =
    !finaliseAvant && STATUTS_FINALISES.includes(saisie.statut) && e.rapportSha256
      ? { rapportSha256: e.rapportSha256 }
      : {};
  let statut: ResultatSynchro['statut'];
  if (refus) {
    statut = 'DOUBLON';
  } else if (mien && !supprime && row.version === baseVersion) {
    await repo.appliquer(tx, id, { ...saisie, ...sceau });
    await deriverManquements(tx, { ...row, ...saisie }, acteur.utilisateurId);
    statut = 'ACCEPTE';
  } else if (identique) {
    statut = 'DOUBLON';
  } else {
    // The office changed the control meanwhile (still the sender's): keep the controller's
    // entry, keep the office's decisions on scope (cancellation), flag it for the office.
    const motif = supprime ? 'SUPPRIME' : row.statut === 'ANNULE' ? 'ANNULE' : 'MODIFIE';
    await conflit(motif);
    const appliquee = {
      ...saisie,
      statut: row.statut === 'ANNULE' ? 'ANNULE' : saisie.statut,
      raisonAbandon: row.statut === 'ANNULE' ? row.raisonAbandon : saisie.raisonAbandon,
    };
    await repo.appliquer(tx, id, { ...appliquee, ...sceau, conflit: true });
    // What the control now holds, not re-read: its grid can weigh a few hundred KB.
    await deriverManquements(tx, { ...row, ...appliquee }, acteur.utilisateurId);
    statut = 'CONFLIT';
  }
  await repo.noterSaisie(tx, {
    controleId: id,
    baseVersion: baseNotee,
    sha256,
    inboxId: e.inboxId,
  });
  const docs = await rattacherDocuments(repo, tx, row, e.documents, {
    finaliseAvant,
    rapportSha256: sceau.rapportSha256 ?? row.rapportSha256,
  });
  return {
    resultat: { localId, id: String(id), version: await repo.version(tx, id), statut },
    retirer: supprime ? localId : undefined,
    documents: docs,
  };
}
