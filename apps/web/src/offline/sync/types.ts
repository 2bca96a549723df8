/** What the sync engine needs of the HTTP client: the app's authenticated client satisfies it. */
export interface SyncHttp {
  getJson<T>(path: string): Promise<T>;
  postJson<T>(path: string, body: unknown): Promise<T>;
  postForm<T>(path: string, form: FormData): Promise<T>;
}

/** A record of a local collection: string id; `sync` false while it holds work not yet pushed. */
export interface EnregistrementLocal {
  id: string;
  sync?: boolean;
  [champ: string]: unknown;
}

export interface DocumentTire extends EnregistrementLocal {
  _deleted: boolean;
}

export interface ReponseFlux {
  documents: DocumentTire[];
  checkpoint: { id: string; lastSync: string } | null;
}

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
  dureeMs: number;
}

export interface MesureFlux {
  recus: number;
  ecritureMs: number;
  totalMs: number;
}
