import { Dexie, type EntityTable } from 'dexie';
import { effacerSecours } from './storage';
import type {
  Civilite,
  EtatManquement,
  NiveauControle,
  ResultatControle,
  SourcePoint,
  StatutControle,
  StatutHabilitation,
  StatutTournee,
  TypeDocument,
} from '@estive/domain';
import { META, NOM_BASE } from './sync/meta';

export { META };

/**
 * The device store (spec part 2 §3 'Offline local collections', DESIGN §5 'Device storage'): one
 * Dexie database `estive`, the spec's collection names, every record keyed by a string id. Records
 * arrive from the pull feeds with more fields than typed here; the types name what the app reads.
 * `sync` is false while a record holds local work not yet pushed (indexed to count it fast).
 */

interface Synchronisable {
  id: string;
  sync?: boolean;
}

interface Ref {
  id: string;
  libelle: string;
}

export interface OperateurLocal extends Synchronisable {
  type?: string;
  siret: string;
  ede?: string | null;
  pac?: string | null;
  raisonSociale: string;
  adresse1?: string | null;
  adresse2?: string | null;
  adresse3?: string | null;
  adresse4?: string | null;
  codePostal: string | null;
  ville: string | null;
  telephone1?: string | null;
  telephone2?: string | null;
  mail?: string | null;
  habilitations?: { id: string; aopIgp: Ref; activite: Ref; statut: StatutHabilitation }[];
  sites?: { id: string; libelle: string; codePostal?: string; ville?: string; aopIds?: string[] }[];
  contacts?: { id: string; civilite?: Civilite; nom: string; prenom?: string; fonction?: string }[];
}

export interface ManquementLocal extends Synchronisable {
  aopIgpId: string;
  personneMoraleId: string;
  pointControleId: string;
  etat: EtatManquement;
  niveau?: NiveauControle;
  commentaire?: string | null;
}

export interface TourneeLocale extends Synchronisable {
  debut: string;
  fin: string;
  statut: StatutTournee;
  planning?: { id: string; fileName?: string } | null;
  avisPassage?: { personneMoraleId: string; id: string; fileName: string }[];
}

export interface ControleLocal extends Synchronisable {
  date: string;
  tourneeId: string | null;
  personneMoraleId: string;
  aopIgp: Ref & { type?: string; migre?: boolean };
  niveau: NiveauControle;
  statut: StatutControle;
  resultat?: ResultatControle | null;
  activiteAopIgpIds?: string[];
  etapeSaisie?: number;
  toCreate?: boolean;
  timestamp?: number;
  version?: number;
  clientUuid?: string;
  /** The office changed the control while the controller's entry was offline (push CONFLIT). */
  conflit?: boolean;
}

export interface GroupeSysExpLocal extends Synchronisable {
  libelle: string;
  ordre: number;
  aopIgpIds: string[];
  personneMoraleId?: string | null;
  archive: boolean;
}

export interface PointSysExpLocal extends Synchronisable {
  libelle: string;
  ordre: number;
  code: string;
  formule?: string | null;
  unite?: string | null;
  dec?: number | null;
  stat?: boolean;
  groupeSystemeExploitationId: string;
  archive: boolean;
}

export interface CategorieLocale extends Synchronisable {
  libelle: string;
  ordre: number;
}

export interface CategorieActiviteLocale extends Synchronisable {
  categorieId: string;
  activiteId: string;
  personneMoraleId?: string | null;
}

export interface ActiviteAopLocale extends Synchronisable {
  aopIgpId: string;
  activiteId: string;
  activiteLibelle: string;
}

export interface PointControleLocal extends Synchronisable {
  libelle: string;
  reference?: string | null;
  source: SourcePoint;
  ordre: number;
  code: string;
  categorieId: string;
  archive: boolean;
}

export interface PointControleAopLocal extends Synchronisable {
  pointControleId: string;
  aopIgpId: string;
  pointSystemeExploitationId?: string | null;
}

export interface OrganismeCertificateurLocal extends Synchronisable {
  odgId: string;
  aopIds: string[];
}

export interface ReferentielLocal extends Synchronisable {
  aopIgpId: string;
  libelle: string;
  actif: boolean;
}

export interface JournalLocal extends Synchronisable {
  source: string;
  logs: string;
  creation: string;
}

/** Key/value pairs of the device: principal, user uuid, last sync date, checkpoints, version. */
export interface EntreeMeta {
  key: string;
  value: unknown;
}

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
  meta: EntityTable<EntreeMeta, 'key'>;
  fichiers: EntityTable<FichierLocal, 'id'>;
};

/**
 * Version 1 of the schema. Indexes serve the screens' local searches (spec part 2 §5: operators
 * by siret, raisonSociale, codePostal, ville, mail) and the count of unsynced work (`sync`).
 */
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

export function ouvrirBase(nom = NOM_BASE): EstiveDb {
  const base = new Dexie(nom) as EstiveDb;
  base.version(1).stores(SCHEMA_V1);
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
