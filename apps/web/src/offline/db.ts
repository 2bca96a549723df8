import { Dexie, type EntityTable } from 'dexie';
import type { z } from 'zod';
import type {
  activiteAopDocumentSchema,
  annuaireDocumentSchema,
  categorieActiviteDocumentSchema,
  categorieDocumentSchema,
  ControleDocument,
  frontLogDocumentSchema,
  groupeSysExpDocumentSchema,
  manquementDocumentSchema,
  organismeCertificateurDocumentSchema,
  pointControleAopDocumentSchema,
  pointControleDocumentSchema,
  pointSysExpDocumentSchema,
  referentielDocumentSchema,
  tourneeDocumentSchema,
} from '@estive/contracts';
import type { TypeDocument } from '@estive/domain';
import { effacerSecours } from './storage';
import { META, NOM_BASE, type EntreeMeta } from './sync/meta';
import { construireNonSynchronises, suiviNonSynchronises } from './sync/nonSynchronises';

export { META };

/**
 * The device store (spec part 2 §3 'Offline local collections',
 * docs/architecture.md §5 'Device storage'): one Dexie database `estive`, the spec's collection
 * names, every record keyed by a string id. A record is the pull feed's document (its contract's type, one definition) without
 * `_deleted`, plus the local flags: `sync` is false while it holds local work not yet pushed
 * (indexed to count it fast).
 */
type Local<Schema extends z.ZodType> = Omit<z.output<Schema>, '_deleted'> & { sync?: boolean };

export type OperateurLocal = Local<typeof annuaireDocumentSchema>;
export type ManquementLocal = Local<typeof manquementDocumentSchema>;
export type TourneeLocale = Local<typeof tourneeDocumentSchema>;
export type GroupeSysExpLocal = Local<typeof groupeSysExpDocumentSchema>;
export type PointSysExpLocal = Local<typeof pointSysExpDocumentSchema>;
export type CategorieLocale = Local<typeof categorieDocumentSchema>;
export type CategorieActiviteLocale = Local<typeof categorieActiviteDocumentSchema>;
export type ActiviteAopLocale = Local<typeof activiteAopDocumentSchema>;
export type PointControleLocal = Local<typeof pointControleDocumentSchema>;
export type PointControleAopLocal = Local<typeof pointControleAopDocumentSchema>;
export type OrganismeCertificateurLocal = Local<typeof organismeCertificateurDocumentSchema>;
export type ReferentielLocal = Local<typeof referentielDocumentSchema>;
/** A device log: written on the device, numbered by the server once pushed. */
export type JournalLocal = Omit<Local<typeof frontLogDocumentSchema>, 'version' | 'clientId'> & {
  version?: number;
  clientId?: string | null;
};

/**
 * A control on the device: the feed's document, or one created offline (spec part 2 §5) that the
 * server has not numbered in versions yet and that names its files by id until its creation.
 */
export type ControleLocal = Omit<
  ControleDocument,
  '_deleted' | 'version' | 'controleurId' | 'dateDi' | 'clientUuid'
> & {
  version?: number;
  controleurId?: string | null;
  dateDi?: string | null;
  clientUuid?: string | null;
  /** Created offline: the next push creates it (then it takes the server's id). */
  toCreate?: boolean;
  fichierIds?: string[];
  /** When the device created it, for the order of unsynced work. */
  timestamp?: number;
  /** The server's reason for refusing the device's entry (REJETE); null once accepted. */
  rejet?: string | null;
  sync?: boolean;
};

/** Files produced or fetched on the device (reports, signatures, plannings), as blobs. */
export interface FichierLocal {
  id: string;
  controleId: string | null;
  aopIgpId?: string | null;
  typeDocument: TypeDocument;
  fileName: string;
  sha256?: string;
  blob: Blob;
  sync: boolean;
}

export type EstiveDb = Dexie & {
  annuaire: EntityTable<OperateurLocal, 'id'>;
  manquements: EntityTable<ManquementLocal, 'id'>;
  tournees: EntityTable<TourneeLocale, 'id'>;
  controles: EntityTable<ControleLocal, 'id'>;
  groupesysexp: EntityTable<GroupeSysExpLocal, 'id'>;
  pointsysexp: EntityTable<PointSysExpLocal, 'id'>;
  categorie: EntityTable<CategorieLocale, 'id'>;
  categorieactivite: EntityTable<CategorieActiviteLocale, 'id'>;
  activiteaop: EntityTable<ActiviteAopLocale, 'id'>;
  pointcontrole: EntityTable<PointControleLocal, 'id'>;
  pointcontroleaop: EntityTable<PointControleAopLocal, 'id'>;
  organismecertificateur: EntityTable<OrganismeCertificateurLocal, 'id'>;
  referentiels: EntityTable<ReferentielLocal, 'id'>;
  frontlogs: EntityTable<JournalLocal, 'id'>;
  meta: EntityTable<EntreeMeta<unknown>, 'key'>;
  fichiers: EntityTable<FichierLocal, 'id'>;
};

/** Version 1 of the schema, as devices in the field first created it. */
export const SCHEMA_V1 = {
  annuaire: 'id, raisonSociale, siret, codePostal, ville, mail, sync',
  manquements: 'id, personneMoraleId, aopIgpId, pointControleId, etat',
  tournees: 'id, debut, fin, statut',
  controles: 'id, date, statut, sync, tourneeId, personneMoraleId, clientUuid',
  groupesysexp: 'id, personneMoraleId, ordre',
  pointsysexp: 'id, groupeSystemeExploitationId, code',
  categorie: 'id, ordre',
  categorieactivite: 'id, categorieId, activiteId',
  activiteaop: 'id, aopIgpId, activiteId',
  pointcontrole: 'id, categorieId, code',
  pointcontroleaop: 'id, pointControleId, aopIgpId, pointSystemeExploitationId',
  organismecertificateur: 'id, odgId',
  referentiels: 'id, aopIgpId',
  frontlogs: 'id, sync, creation',
  meta: 'key',
  fichiers: 'id, controleId, sync',
} as const;

export { NOM_BASE };

/**
 * Version 2: the directory keeps only the index a screen reads (`raisonSociale`, the unannounced
 * inspection's list). The local search is a case-blind substring match (spec part 2 §5), which an
 * index cannot serve, and `sync` is a boolean, which IndexedDB does not index; each unused index
 * was one more B-tree write per operator in the first sync's thousands.
 */
export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  annuaire: 'id, raisonSociale',
} as const;

/**
 * Version 3: the same stores; `meta` now lists the controls with unpushed work
 * (`sync/nonSynchronises.ts`, kept by a middleware on every write). A device from version 2
 * builds that list once, by one scan of its controls, in the upgrade.
 */
export const SCHEMA_V3 = SCHEMA_V2;

export function ouvrirBase(nom = NOM_BASE): EstiveDb {
  // Dexie adds the tables at run time from the stores declared below; its type cannot know them.
  const base = new Dexie(nom) as EstiveDb;
  base.version(1).stores(SCHEMA_V1);
  base.version(2).stores(SCHEMA_V2);
  base.version(3).stores(SCHEMA_V3).upgrade(construireNonSynchronises);
  base.use(suiviNonSynchronises);
  return base;
}

/** The app's one database. */
export const db = ouvrirBase();

/**
 * 'Effacer les données locales' (and 'Changement de compte'): the whole device store, last sync
 * date and stored user included, then a reload to start clean.
 */
export async function effacerDonneesLocales(): Promise<void> {
  db.close();
  await db.delete();
  effacerSecours();
  location.reload();
}
