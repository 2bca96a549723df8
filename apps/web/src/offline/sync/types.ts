import type { CleFlux, ReponseApi } from '@estive/contracts';
/**
 * What the sync engine needs of the HTTP client: the app's authenticated client satisfies it, a
 * test's scripted server too. Answers come unchecked: the engine reads them through `apiDe(http)`,
 * which parses each with its call's contract.
 */
export type { TransportJson as SyncHttp } from '../../lib/api';

/** A record of a local collection: string id; `sync` false while it holds work not yet pushed. */
export interface EnregistrementLocal {
  id: string;
  sync?: boolean;
  [champ: string]: unknown;
}

export interface DocumentTire extends EnregistrementLocal {
  _deleted: boolean;
}

/** A feed's batch: its envelope as the contracts give it (`pullEnveloppeSchema`). */
export type ReponseFlux = ReponseApi<CleFlux>;
export type { CleFlux };

export type EtapeSynchro =
  | 'VERSION'
  | 'ENVOI_JOURNAUX'
  | 'ENVOI_OPERATEURS'
  | 'ENVOI_CONTROLES'
  | 'RECEPTION'
  | 'VERIFICATION'
  | 'TERMINE';

export interface ProgresSynchro {
  etape: EtapeSynchro;
  /** French label of the current step, for the progress bar. */
  libelle: string;
  /** Collections done out of the total, for the bar's value. */
  fait: number;
  total: number;
  /** Records received so far in the current collection. */
  recus: number;
}

export interface BilanSynchro {
  envoyes: { controles: number; operateurs: number; journaux: number };
  conflits: number;
  rejets: { id: string; message: string }[];
  recus: Record<string, number>;
  /** Per feed: records received, time spent writing to IndexedDB, total time (bench/sync reads it). */
  parFlux: Record<string, MesureFlux>;
  /** The push phase (logs, operators, controls) and its controls' part, in ms, unrounded. */
  envoiMs: number;
  envoiControlesMs: number;
  dureeMs: number;
}

export interface MesureFlux {
  recus: number;
  ecritureMs: number;
  totalMs: number;
}
