import type { Dexie } from 'dexie';
import {
  ajouterJours,
  jourParis,
  lundiDe,
  SEUIL_ALERTE_STOCKAGE_OCTETS,
  STATUTS_A_REALISER,
  type EstimationStockage,
  type Jour,
  type TypeDocument,
} from '@estive/domain';
import { enParallele } from '../lib/enParallele';
import type { FichierLocal } from './db';

/** Files fetched at once: the browser carries six calls at a time to one server. */
const TELECHARGEMENTS_SIMULTANES = 6;

/**
 * Files the device keeps for offline use, fetched after each sync: the DI documents of the
 * coming visits (a controller opens them on the farm) and the logos the audit report prints
 * (the ODG's, and the AOP or IGP seal). They are stored in `fichiers` with `sync: true` (nothing
 * to push), beside the device's own reports; plannings are kept by Mes tournées when opened.
 */

/** A file to hold: its `fichiers` id and where to fetch it. */
export interface DocumentHorsLigne {
  id: string;
  fileName: string;
  typeDocument: TypeDocument;
  url: string;
}

/** The fields of a stored control this reads (server documents carry more). */
export interface ControlePourDocuments {
  date: string;
  statut: string;
  aopIgp?: { type?: string | null } | null;
  fichiers?: { id: string; fileName: string; typeDocument?: string | null }[] | null;
  odgRef?: { id?: string | null; logoId?: string | null } | null;
}

/** Controls still to be carried out: the others need neither their DI nor a new report. */
const A_REALISER = new Set<string>(STATUTS_A_REALISER);

/** The id under which the seal of a label type (AOP, IGP) is kept. */
export const idLogoType = (type: string): string => `logo-type-${type.toLowerCase()}`;

/**
 * What to hold, from the controls on the device: the DI of every control to carry out this
 * week or next (a sync on Friday prepares the coming week), the logos of every control to carry
 * out. Each file once, whatever the number of controls sharing it.
 */
export function documentsAStocker(
  controles: readonly ControlePourDocuments[],
  aujourdhui: Jour,
): DocumentHorsLigne[] {
  const debut = lundiDe(aujourdhui);
  const fin = ajouterJours(debut, 14);
  const parId = new Map<string, DocumentHorsLigne>();
  const ajouter = (d: DocumentHorsLigne) => {
    if (!parId.has(d.id)) parId.set(d.id, d);
  };
  for (const c of controles) {
    if (!A_REALISER.has(c.statut)) continue;
    const jour = jourParis(c.date);
    if (jour >= debut && jour < fin) {
      for (const f of c.fichiers ?? []) {
        if (f.typeDocument !== 'DI') continue;
        ajouter({
          id: f.id,
          fileName: f.fileName,
          typeDocument: 'DI',
          url: `/api/fichier/${encodeURIComponent(f.id)}`,
        });
      }
    }
    if (c.odgRef?.id && c.odgRef.logoId) {
      ajouter({
        id: c.odgRef.logoId,
        fileName: `logo-odg-${c.odgRef.id}.png`,
        typeDocument: 'LOGO',
        url: `/api/organisme/${encodeURIComponent(c.odgRef.id)}/logo`,
      });
    }
    const type = c.aopIgp?.type;
    if (type === 'AOP' || type === 'IGP') {
      ajouter({
        id: idLogoType(type),
        fileName: `${type.toLowerCase()}.png`,
        typeDocument: 'LOGO',
        url: `/logos/${type.toLowerCase()}.png`,
      });
    }
  }
  return [...parId.values()];
}

/** The fields of a stored round this reads. */
export interface TourneePourDocuments {
  fin: string;
  statut: string;
  planning?: { id: string; fileName?: string } | null;
  avisPassage?: { personneMoraleId: string; id: string; fileName: string }[];
}

/**
 * Issue 14 Deliver 4: the 'Planning de contrôle' and the 'Avis de passage' letters of every
 * round still out (not TERMINEE) that ends this week or later: the recap's planning viewer and
 * the letters then open on the farm without network.
 */
export function documentsTournees(
  tournees: readonly TourneePourDocuments[],
  aujourdhui: Jour,
): DocumentHorsLigne[] {
  const debut = lundiDe(aujourdhui);
  const documents: DocumentHorsLigne[] = [];
  for (const t of tournees) {
    if (t.statut === 'TERMINEE' || t.fin < debut) continue;
    if (t.planning) {
      documents.push({
        id: t.planning.id,
        fileName: t.planning.fileName ?? `planning-${t.planning.id}.pdf`,
        typeDocument: 'PLANNING',
        url: `/api/fichier/${encodeURIComponent(t.planning.id)}`,
      });
    }
    for (const a of t.avisPassage ?? []) {
      documents.push({
        id: a.id,
        fileName: a.fileName,
        typeDocument: 'AVIS_PASSAGE',
        url: `/api/fichier/${encodeURIComponent(a.id)}`,
      });
    }
  }
  return documents;
}

export interface BilanDocuments {
  /** Fetched and stored by this run. */
  stockes: number;
  /** Already on the device. */
  deja: number;
  /** Left on the server: storing them would have brought the storage warning. */
  horsBudget: number;
  /** Could not be fetched (refused, missing, network): tried again at the next sync. */
  echecs: number;
  /** Kept files no longer needed (past visits), removed to free the space. */
  supprimes: number;
}

export interface OptionsStockage {
  telecharger: (url: string) => Promise<Blob>;
  /** navigator.storage.estimate(), when the browser has it. */
  estimer?: () => Promise<EstimationStockage>;
  aujourdhui: Jour;
  /** The rounds on the device: their planning and letters are kept too. */
  tournees?: readonly TourneePourDocuments[];
}

/** Would storing `octets` more leave less free room than the storage warning's threshold? */
async function depasseBudget(
  estimer: OptionsStockage['estimer'],
  octets: number,
): Promise<boolean> {
  if (!estimer) return false;
  const { quota, usage } = await estimer();
  if (quota === undefined) return false;
  return quota - (usage ?? 0) - octets <= SEUIL_ALERTE_STOCKAGE_OCTETS;
}

/**
 * Brings the device's kept files in line with `documentsAStocker`: fetches the missing ones a few at
 * a time and stores each as long as it leaves more free room than the storage warning's threshold
 * (spec part 2 §8: 2 MB), and removes the DI and logos fetched earlier that no coming visit needs. A file that
 * fails is counted and tried again next time; it never fails the sync.
 */
export async function stockerDocumentsHorsLigne(
  db: Dexie,
  controles: readonly ControlePourDocuments[],
  { telecharger, estimer, aujourdhui, tournees = [] }: OptionsStockage,
): Promise<BilanDocuments> {
  const parId = new Map(
    [...documentsAStocker(controles, aujourdhui), ...documentsTournees(tournees, aujourdhui)].map(
      (d) => [d.id, d],
    ),
  );
  const voulus = [...parId.values()];
  const ids = new Set(voulus.map((d) => d.id));
  const table = db.table<FichierLocal, string>('fichiers');
  // Only the files outside any control are read: a filter over the table would load every signed
  // report's PDF at each sync (a control's files are indexed by controleId, the others are not).
  const desControles = new Set(await table.where('controleId').aboveOrEqual('').primaryKeys());
  const horsControle = (await table.toCollection().primaryKeys()).filter(
    (id) => !desControles.has(id) && !ids.has(id),
  );
  const perimes = (await table.bulkGet(horsControle)).flatMap((f) =>
    f?.sync && f.controleId === null && (f.typeDocument === 'DI' || f.typeDocument === 'LOGO')
      ? [f.id]
      : [],
  );
  await table.bulkDelete(perimes);

  const presents = new Set(
    await table
      .where('id')
      .anyOf([...ids])
      .primaryKeys(),
  );
  const bilan: BilanDocuments = {
    stockes: 0,
    deja: presents.size,
    horsBudget: 0,
    echecs: 0,
    supprimes: perimes.length,
  };
  // Fetched a few at a time (each file is a round trip on a mobile link), stored one after the
  // other: each budget check then sees the files stored before it.
  let stockage: Promise<void> = Promise.resolve();
  const stocker = async (d: DocumentHorsLigne, blob: Blob) => {
    if (await depasseBudget(estimer, blob.size)) {
      bilan.horsBudget++;
      return;
    }
    await table.put({
      id: d.id,
      controleId: null,
      typeDocument: d.typeDocument,
      fileName: d.fileName,
      blob,
      sync: true,
    });
    bilan.stockes++;
  };
  await enParallele(
    voulus.filter((d) => !presents.has(d.id)),
    TELECHARGEMENTS_SIMULTANES,
    async (d) => {
      let blob: Blob;
      try {
        blob = await telecharger(d.url);
      } catch {
        bilan.echecs++;
        return;
      }
      stockage = stockage.then(() => stocker(d, blob));
      await stockage;
    },
  );
  return bilan;
}

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
const commencePar = (octets: Uint8Array, signature: number[]) =>
  signature.every((o, i) => octets[i] === o);

/**
 * A kept image as a data URL, for the report. pdfmake reads only PNG and JPEG, and a logo it
 * cannot read would stop the report: anything else reads as no logo.
 */
export async function lireImageStockee(db: Dexie, id: string): Promise<string | null> {
  const f = await db.table<FichierLocal, string>('fichiers').get(id);
  if (!f) return null;
  const octets = new Uint8Array(await f.blob.arrayBuffer());
  const type = commencePar(octets, PNG)
    ? 'image/png'
    : commencePar(octets, JPEG)
      ? 'image/jpeg'
      : null;
  if (!type) return null;
  let binaire = '';
  for (let i = 0; i < octets.length; i += 0x8000) {
    binaire += String.fromCharCode(...octets.subarray(i, i + 0x8000));
  }
  return `data:${type};base64,${btoa(binaire)}`;
}
