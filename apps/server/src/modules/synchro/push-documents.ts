import { TYPES_DOCUMENT, champDe, estParmi, type TypeDocument } from '@estive/domain';
import { documentEnvoyeSchema, type ResultatDocument } from '@estive/contracts';
import type { Transaction } from '../../db/client';
import { sha256Hex } from '../../lib/hash';
import { premierIndesirable } from '../../lib/stockable';
import { MESSAGE_TYPE_FICHIER_REFUSE, pdfLisible, typeReel } from '../../lib/type-fichier';
import type { FichierRecu } from './inbox.repository';
import type { PushControleRepository } from './push-controle.repository';

/** A file part matched with its descriptor, checked, waiting for its control to be applied. */
export interface DocumentPret {
  nom: string;
  /** The control it belongs to, as the device names it: local id, server id or clientUuid. */
  ref: string;
  typeDocument: TypeDocument;
  fileName: string;
  mimeType: string;
  sha256: string;
  contenu: Buffer;
}

/** `{controleId|clientUuid}__{aopIgpId}__{typeDocument}.ext`, the parts' naming convention. */
const NOM_CONVENTIONNEL = /^(.+?)__(\d+)__([A-Z_]+)(\.[A-Za-z0-9]+)?$/;

/**
 * Pairs each descriptor with its file part and checks it: a missing part, an unknown kind or a
 * sha256 that does not match what arrived rejects that document only (the raw part stays in the
 * inbox; the device keeps its copy and sends it again).
 */
export async function preparerDocuments(
  descripteurs: unknown[],
  fichiers: FichierRecu[],
): Promise<{ prets: DocumentPret[]; rejetes: ResultatDocument[] }> {
  const parNom = new Map(fichiers.map((f) => [f.nom, f]));
  const prets: DocumentPret[] = [];
  const rejetes: ResultatDocument[] = [];
  const rejeter = (nom: string, message: string) =>
    rejetes.push({ nom, id: null, statut: 'REJETE', message });
  for (const [i, brut] of descripteurs.entries()) {
    const indesirable = premierIndesirable(brut);
    const parsed = documentEnvoyeSchema.safeParse(brut);
    if (indesirable || !parsed.success) {
      const nom = champDe(brut, 'nom');
      const champ = indesirable ?? {
        chemin: parsed.error?.issues[0]?.path.join('.') ?? '',
        message: parsed.error?.issues[0]?.message ?? 'Valeur invalide',
      };
      rejeter(
        typeof nom === 'string' && !indesirable ? nom : `documents.${String(i)}`,
        `${champ.chemin ? `${champ.chemin} : ` : ''}${champ.message}`,
      );
      if (typeof nom === 'string') parNom.delete(nom);
      continue;
    }
    const d = parsed.data;
    const part = parNom.get(d.nom);
    parNom.delete(d.nom);
    const conventionnel = NOM_CONVENTIONNEL.exec(d.nom);
    const ref = d.controleId ?? conventionnel?.[1];
    const type = d.typeDocument ?? conventionnel?.[3];
    if (!part) {
      rejeter(d.nom, 'Fichier absent de la requête');
    } else if (!ref) {
      rejeter(d.nom, 'Le contrôle du fichier est inconnu');
    } else if (!estParmi(TYPES_DOCUMENT, type)) {
      rejeter(d.nom, 'Type de document inconnu');
    } else if (sha256Hex(part.contenu) !== d.sha256) {
      rejeter(d.nom, 'Fichier endommagé pendant le transfert (empreinte sha256 différente)');
    } else if (
      !typeReel(part.contenu) ||
      (typeReel(part.contenu) === 'application/pdf' && !(await pdfLisible(part.contenu)))
    ) {
      // Kept in the inbox like any part, but never stored as a control's file nor served: a
      // 'PDF' must parse as one (`%PDF-` before an HTML page is not).
      rejeter(d.nom, MESSAGE_TYPE_FICHIER_REFUSE);
    } else {
      prets.push({
        nom: d.nom,
        ref,
        typeDocument: type,
        fileName: d.fileName ?? d.nom,
        mimeType: typeReel(part.contenu) ?? part.mimeType,
        sha256: d.sha256,
        contenu: part.contenu,
      });
    }
  }
  for (const nom of parNom.keys()) rejeter(nom, 'Fichier sans description (sha256 manquant)');
  return { prets, rejetes };
}

export const MESSAGE_RAPPORT_SCELLE =
  'Ce contrôle est finalisé : son rapport signé ne peut plus être remplacé';
export const MESSAGE_RAPPORT_NON_SIGNE =
  "Ce fichier n'est pas le rapport signé : son empreinte diffère de celle enregistrée à la signature";

/** What a signature seals: the control was final before this push, and the signed report's sha256. */
export interface Sceau {
  finaliseAvant: boolean;
  rapportSha256: string | null;
}

/**
 * Why a file may not join a sealed control, or null (docs/architecture.md §5: a signed report is
 * locked).
 */
function refusSceau(d: DocumentPret, sceau: Sceau): string | null {
  if (sceau.rapportSha256 === null && !sceau.finaliseAvant) return null;
  if (d.typeDocument === 'RAPPORT_AUDIT' && d.sha256 === sceau.rapportSha256) return null;
  return sceau.finaliseAvant ? MESSAGE_RAPPORT_SCELLE : MESSAGE_RAPPORT_NON_SIGNE;
}

/**
 * Files the control's transaction stores with it: a retried file is recognised by its sha256.
 * Once signed, the control takes only its signed report (whose sha256 was recorded with the
 * finalising entry), nothing else: what the office opens is what was signed.
 */
export async function rattacherDocuments(
  repo: PushControleRepository,
  tx: Transaction,
  controle: { id: number; personneMoraleId: number },
  documents: DocumentPret[],
  sceauInitial: Sceau,
): Promise<ResultatDocument[]> {
  const resultats: ResultatDocument[] = [];
  const sceau = { ...sceauInitial };
  for (const d of documents) {
    const existant = await repo.fichierExistant(tx, controle.id, d.sha256);
    if (existant !== undefined) {
      resultats.push({ nom: d.nom, id: String(existant), statut: 'DOUBLON' });
      continue;
    }
    const refus = refusSceau(d, sceau);
    if (refus) {
      resultats.push({ nom: d.nom, id: null, statut: 'REJETE', message: refus });
      continue;
    }
    const id = await repo.insererFichier(tx, {
      controleId: controle.id,
      personneMoraleId: controle.personneMoraleId,
      typeDocument: d.typeDocument,
      fileName: d.fileName,
      mimeType: d.mimeType,
      sha256: d.sha256,
      contenu: d.contenu,
    });
    // A device that does not send the signed sha256 with its entry: its first report is the one.
    if (d.typeDocument === 'RAPPORT_AUDIT' && sceau.rapportSha256 === null) {
      await repo.noterRapport(tx, controle.id, d.sha256);
      sceau.rapportSha256 = d.sha256;
    }
    resultats.push({ nom: d.nom, id: String(id), statut: 'ACCEPTE' });
  }
  return resultats;
}
