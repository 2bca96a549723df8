import { z } from 'zod';
import {
  activiteAopDocumentSchema,
  annuaireDocumentSchema,
  categorieActiviteDocumentSchema,
  categorieDocumentSchema,
  controleDocumentSchema,
  documentSupprimeSchema,
  frontLogDocumentSchema,
  groupeSysExpDocumentSchema,
  manquementDocumentSchema,
  organismeCertificateurDocumentSchema,
  pointControleAopDocumentSchema,
  pointControleDocumentSchema,
  pointSysExpDocumentSchema,
  referentielDocumentSchema,
  tourneeDocumentSchema,
} from './synchro-documents';

/**
 * The synchronisation calls (docs/architecture.md §5, spec part 2 §7). Pull feeds answer documents
 * in server order with an opaque checkpoint; pushes answer one result per record.
 */

export const ENTITES_SYNCHRO = [
  'tournee',
  'controle',
  'controle-recheck',
  'annuaire-morale',
  'frontlogs',
  'manquement',
  'groupesysexp',
  'pointsysexp',
  'categorie',
  'categorie-activite',
  'activite-aop',
  'point-controle',
  'point-controle-aop',
  'organisme-certificateur',
  'referentiels',
] as const;
export type EntiteSynchro = (typeof ENTITES_SYNCHRO)[number];

/**
 * docs/architecture.md §5: the largest batch each feed serves; a smaller `batchSize` is honoured.
 */
export const TAILLE_LOT_MAX: Record<EntiteSynchro, number> = {
  tournee: 10,
  controle: 10,
  'controle-recheck': 100,
  'annuaire-morale': 200,
  frontlogs: 100,
  manquement: 100,
  groupesysexp: 100,
  pointsysexp: 100,
  categorie: 100,
  'categorie-activite': 100,
  'activite-aop': 100,
  'point-controle': 100,
  'point-controle-aop': 100,
  'organisme-certificateur': 100,
  referentiels: 100,
};

/** The checkpoint is the server's cursor, echoed back as is: never a device clock. */
export const checkpointSchema = z.object({ id: z.string(), lastSync: z.string() });
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const pullQuerySchema = z.object({
  id: z.string().max(40).optional(),
  lastSync: z.string().max(80).optional(),
  batchSize: z.coerce.number().int().min(1).max(1000).optional(),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

/** The cursor feeds (every feed but `controle-recheck`, which takes ids, not a checkpoint). */
export const FLUX_CURSEUR = ENTITES_SYNCHRO.filter(
  (e): e is Exclude<EntiteSynchro, 'controle-recheck'> => e !== 'controle-recheck',
);
export type FluxCurseur = (typeof FLUX_CURSEUR)[number];

/** Control ids one `nouveautes` call rechecks; a device holding more sends the rest by recheck. */
export const RECHECK_MAX = 1000;

/**
 * `POST /api/synchro/nouveautes`: the device's checkpoints, the feeds that have something after
 * them. A sync with nothing new then costs one call instead of one per feed.
 */
export const nouveautesRequestSchema = z.object({
  checkpoints: z
    .array(
      z.object({
        entite: z.enum(FLUX_CURSEUR),
        id: pullQuerySchema.shape.id.unwrap(),
        lastSync: pullQuerySchema.shape.lastSync.unwrap(),
      }),
    )
    .max(FLUX_CURSEUR.length),
  /**
   * The server ids of the controls the device holds (issue 29 item 3: the recheck rides on this
   * call). The answer's `supprimes` names those gone or no longer the caller's; a control still
   * his that changed comes through the `controle` feed, so nothing else is sent back.
   */
  reCheckIds: z
    .array(z.string().regex(/^\d{1,15}$/, 'Identifiant invalide'))
    .max(RECHECK_MAX)
    .optional(),
});
export type NouveautesRequest = z.infer<typeof nouveautesRequestSchema>;
export const nouveautesResponseSchema = z.object({
  entites: z.array(z.enum(FLUX_CURSEUR)),
  /** Of `reCheckIds`, the controls the device must drop (absent when none were sent). */
  supprimes: z.array(z.string()).optional(),
});
export type NouveautesResponse = z.infer<typeof nouveautesResponseSchema>;

/**
 * `GET /api/synchro/controle-recheck`: ids repeated (`reCheckIds=1&reCheckIds=2`) or
 * comma-separated (`reCheckIds=1,2`), beside the pull's own parameters.
 */
export const recheckQuerySchema = pullQuerySchema.extend({
  reCheckIds: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(z.string().regex(/^\d{1,15}$/, 'Identifiant invalide')).max(1000)),
});

/** The document schema of each feed (controle-recheck answers controls). */
export const DOCUMENTS_SYNCHRO = {
  tournee: tourneeDocumentSchema,
  controle: controleDocumentSchema,
  'controle-recheck': controleDocumentSchema,
  'annuaire-morale': annuaireDocumentSchema,
  frontlogs: frontLogDocumentSchema,
  manquement: manquementDocumentSchema,
  groupesysexp: groupeSysExpDocumentSchema,
  pointsysexp: pointSysExpDocumentSchema,
  categorie: categorieDocumentSchema,
  'categorie-activite': categorieActiviteDocumentSchema,
  'activite-aop': activiteAopDocumentSchema,
  'point-controle': pointControleDocumentSchema,
  'point-controle-aop': pointControleAopDocumentSchema,
  'organisme-certificateur': organismeCertificateurDocumentSchema,
  referentiels: referentielDocumentSchema,
} as const satisfies Record<EntiteSynchro, z.ZodType>;

export const pullResponseSchema = <T extends z.ZodType>(document: T) =>
  z.object({
    documents: z.array(z.union([document, documentSupprimeSchema])),
    checkpoint: checkpointSchema,
  });
/**
 * A feed's batch as the device checks it: the envelope, each document's id and deletion flag, the
 * rest kept as sent. The full document schemas above are the server's; parsing thousands of
 * directory documents again on a phone costs more than it tells (docs/decisions.md).
 */
export const pullEnveloppeSchema = z.object({
  documents: z.array(z.looseObject({ id: z.string(), _deleted: z.boolean() })),
  /** Always sent by the server; a device's scripted server may answer none. */
  checkpoint: checkpointSchema.nullable(),
});
export type PullResponse<T> = {
  documents: (T | { id: string; _deleted: true })[];
  checkpoint: Checkpoint;
};

export * from './synchro-documents';
export * from './synchro-push';
export * from './synchro-lots';

/**
 * The directory's snapshot for a fresh device (issue 29 item 2, docs/decisions.md 'Sync'): the
 * perimeter's operators built once per data version, cut in parts of this many documents, each
 * stored compressed and sent as it is; then the feed goes on from the snapshot's checkpoint.
 */
export const TAILLE_PARTIE_INSTANTANE = 2000;

/** A snapshot's key: its ODG and the directory's data version (`o<odg>-<xid>-<xid>-<id>`). */
export const cleInstantaneSchema = z.string().regex(/^o\d{1,18}(-\d{1,20}){3}$/, 'Clé invalide');

/**
 * `GET /api/synchro/annuaire-morale/instantane`: where the device's directory starts. `cle` null:
 * no snapshot for this caller (no perimeter), the device pulls the feed from its beginning.
 * `documents` are the caller's own additions (a controller's operators outside the perimeter),
 * `checkpoint` the feed's position right after the snapshot.
 */
export const instantaneAnnuaireSchema = z.object({
  cle: cleInstantaneSchema.nullable(),
  parties: z.number().int().min(0),
  nombre: z.number().int().min(0),
  documents: z.array(annuaireDocumentSchema),
  checkpoint: checkpointSchema,
});
export type InstantaneAnnuaire = z.infer<typeof instantaneAnnuaireSchema>;
/** The same, as the device checks it (the documents' envelope only, like a feed's batch). */
export const instantaneAnnuaireEnveloppeSchema = instantaneAnnuaireSchema.extend({
  documents: z.array(z.looseObject({ id: z.string(), _deleted: z.boolean() })),
});

export const instantanePartieParamsSchema = z.object({
  cle: cleInstantaneSchema,
  // Digits only: an empty segment is a refused field, not part 0.
  partie: z
    .string()
    .regex(/^\d{1,6}$/, 'Numéro de partie invalide')
    .transform(Number),
});
