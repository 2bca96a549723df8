import { z } from 'zod';
import {
  erreursPlanProgres,
  grilleSchema,
  NIVEAUX_CONTROLE,
  STATUTS_FINALISES,
  RESULTATS_CONTROLE,
  STATUTS_CONTROLE,
  synthesesSchema,
  TYPES_DOCUMENT,
} from '@estive/domain';

/**
 * Pushes of the synchronisation (docs/architecture.md §5). Envelopes are loose on purpose: the
 * server stores the raw request in its inbox first, then validates each record with the strict
 * schemas below and answers a result per record, so one bad record never blocks the others.
 */

/** Devices send ids as strings (local collections) or numbers (older builds). */
const idRef = z
  .union([z.string().min(1).max(60), z.number().int().nonnegative()])
  .transform(String);

/**
 * A reference to a server row (operator, label, site…): the digits of a bigint the database can
 * hold. Anything else ("abc", "1.5", 20 digits) is a field error, not a database error.
 */
const idServeur = idRef.refine((v) => /^\d{1,15}$/.test(v), { message: 'Identifiant invalide' });

export const STATUTS_RESULTAT_SYNCHRO = ['ACCEPTE', 'DOUBLON', 'CONFLIT', 'REJETE'] as const;
export type StatutResultatSynchro = (typeof STATUTS_RESULTAT_SYNCHRO)[number];

const dateControle = z.iso.datetime({ offset: true, error: 'Date du contrôle invalide' });
/** The grid's one schema is the domain's: device, server and report read the same shape. */
const grille = grilleSchema.nullable().optional();
/** The synthesis too: what the server stores is what the pull's schema promises the devices. */
const synthese = synthesesSchema.nullable().optional();

/** What a controller enters on a control; scope fields (controller, round, operator) are not his. */
const saisieShape = {
  localId: idRef.optional(),
  date: dateControle,
  statut: z.enum(STATUTS_CONTROLE),
  resultat: z.enum(RESULTATS_CONTROLE).nullable().optional(),
  etapeSaisie: z.number().int().min(1).max(4),
  grille,
  synthese,
  raisonAbandon: z.string().max(2000).nullable().optional(),
  /**
   * The sha256 of the report PDF printed and signed, sent with the finalised entry
   * (docs/architecture.md §5).
   */
  rapportSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'Empreinte sha256 invalide')
    .optional(),
};

/**
 * A finalised control's progress plan holds no invalid date nor negative delay: the device's own
 * rule (step 3 → 4 and finalisation), judged again here so that no signed plan carries one. A
 * draft may hold what is being typed: it is refused only once finalised.
 */
function planProgresFinalise(
  c: { statut: (typeof STATUTS_CONTROLE)[number]; grille?: z.infer<typeof grilleSchema> | null },
  ctx: z.RefinementCtx,
) {
  if (!c.grille || !STATUTS_FINALISES.includes(c.statut)) return;
  for (const e of erreursPlanProgres(c.grille.manquements)) {
    ctx.addIssue({
      code: 'custom',
      path: ['grille', 'manquements', e.index, 'saisie', e.mesure, e.champ],
      message: e.message,
    });
  }
}

/** A report number as the device holds it: the server's digits. */
const numeroRapport = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^[1-9]\d{0,14}$/, 'Numéro de rapport invalide'));

/** An existing control edited offline, from the version the device last pulled. */
export const controleModifieSchema = z
  .looseObject({
    ...saisieShape,
    id: idServeur,
    baseVersion: z.number().int().min(1, 'Version de base manquante'),
  })
  .superRefine(planProgresFinalise);
export type ControleModifie = z.infer<typeof controleModifieSchema>;

/** A control created offline (unannounced inspection): known to the server by its clientUuid only. */
export const nouveauControleSchema = z
  .looseObject({
    ...saisieShape,
    clientUuid: z.uuid('Identifiant client invalide'),
    personneMoraleId: idServeur,
    aopIgpId: idServeur.optional(),
    aopIgp: z.looseObject({ id: idServeur }).optional(),
    niveau: z.enum(NIVEAUX_CONTROLE).default('INIT_CIBLE_INO'),
    siteIds: z.array(idServeur).max(200).optional(),
    sites: z
      .array(z.looseObject({ id: idServeur }))
      .max(200)
      .optional(),
    activiteAopIgpIds: z.array(idServeur).min(1, 'Ce champ est obligatoire').max(200),
    fichierIds: z.array(idServeur).max(200).optional(),
    /**
     * Taken offline from the numbers reserved for this user
     * (docs/architecture.md §5 'Report numbers').
     */
    numeroRapport: numeroRapport.optional(),
  })
  .superRefine(planProgresFinalise)
  .transform(({ aopIgp, sites, ...c }, ctx) => {
    const aopIgpId = c.aopIgpId ?? aopIgp?.id;
    const siteIds = c.siteIds ?? sites?.map((s) => s.id) ?? [];
    if (!aopIgpId) {
      ctx.addIssue({ code: 'custom', path: ['aopIgpId'], message: 'Ce champ est obligatoire' });
      return z.NEVER;
    }
    if (siteIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['siteIds'], message: 'Ce champ est obligatoire' });
      return z.NEVER;
    }
    return { ...c, aopIgpId, siteIds };
  });
export type NouveauControle = z.infer<typeof nouveauControleSchema>;
export type NouveauControleEnvoye = z.input<typeof nouveauControleSchema>;

/**
 * Describes one file part. `nom` is the part's filename; when the descriptor leaves out the
 * control, label or kind, they are read from a filename of the form
 * `{controleId|clientUuid}__{aopIgpId}__{typeDocument}.pdf`.
 */
export const documentEnvoyeSchema = z.object({
  nom: z.string().min(1).max(255),
  controleId: idRef.optional(),
  aopIgpId: idRef.optional(),
  typeDocument: z.enum(TYPES_DOCUMENT).optional(),
  fileName: z.string().max(255).optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Empreinte sha256 invalide'),
});
export type DocumentEnvoye = z.infer<typeof documentEnvoyeSchema>;

/**
 * Part `data` of `POST /api/synchro/controle`. Items are judged one by one (controls with the
 * schemas above, file descriptors with `documentEnvoyeSchema`): one bad item never fails the rest.
 */
export const pushControlesDataSchema = z.object({
  controles: z.array(z.unknown()).max(500).default([]),
  newControles: z.array(z.unknown()).max(500).default([]),
  documents: z.array(z.unknown()).max(200).default([]),
});
export type PushControlesData = z.input<typeof pushControlesDataSchema>;

export const resultatSynchroSchema = z.object({
  localId: z.string(),
  clientUuid: z.string().optional(),
  /** The server id; null when a new control was refused. */
  id: z.string().nullable(),
  version: z.number().int().nullable(),
  statut: z.enum(STATUTS_RESULTAT_SYNCHRO),
  message: z.string().optional(),
  /** REJETE for a bad value: the field's path in the control (`grille.categories.0.libelle`). */
  champ: z.string().optional(),
  /** The control's report number, as the server keeps it (the device's own when it sent one). */
  numeroRapport: z.string().optional(),
});
export type ResultatSynchro = z.infer<typeof resultatSynchroSchema>;

export const resultatDocumentSchema = z.object({
  nom: z.string(),
  id: z.string().nullable(),
  statut: z.enum(['ACCEPTE', 'DOUBLON', 'REJETE']),
  message: z.string().optional(),
});
export type ResultatDocument = z.infer<typeof resultatDocumentSchema>;

export const pushControlesResponseSchema = z.object({
  resultats: z.array(resultatSynchroSchema),
  /** Local ids the device drops: temporary ids now replaced, controls out of its scope. */
  toRemove: z.array(z.string()),
  /** One result per file part; a REJETE file stays on the device to be sent again. */
  documents: z.array(resultatDocumentSchema),
});
export type PushControlesResponse = z.infer<typeof pushControlesResponseSchema>;

const PHONE = /^(0|\+\d{2})\d{9}$/;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** Contact details of an operator edited during a control (spec part 2 §5). */
export const moraleModifieeSchema = z.object({
  id: idServeur,
  telephone1: optionalText(20).refine((v) => v === null || PHONE.test(v), {
    message: 'Utilisez un numéro de téléphone valide',
  }),
  telephone2: optionalText(20).refine((v) => v === null || PHONE.test(v), {
    message: 'Utilisez un numéro de téléphone valide',
  }),
  mail: optionalText(320).refine((v) => v === null || z.email().safeParse(v).success, {
    message: 'Utilisez un email valide',
  }),
  siteWeb: optionalText(500),
  baseVersion: z.number().int().optional(),
});
export type MoraleModifiee = z.infer<typeof moraleModifieeSchema>;

export const pushMoralesRequestSchema = z.object({
  morales: z.array(z.looseObject({ id: idRef })).max(2000),
});
export const pushMoralesResponseSchema = z.object({
  resultats: z.array(
    z.object({
      id: z.string(),
      version: z.number().int().nullable(),
      statut: z.enum(STATUTS_RESULTAT_SYNCHRO),
      message: z.string().optional(),
    }),
  ),
});

export const frontLogEnvoyeSchema = z.object({
  id: idRef,
  source: z.string().trim().min(1).max(200),
  logs: z.string().max(100_000),
  creation: z.iso.datetime({ offset: true }),
});
export type FrontLogEnvoye = z.infer<typeof frontLogEnvoyeSchema>;

export const pushFrontLogsRequestSchema = z.object({
  logs: z.array(z.looseObject({ id: idRef })).max(2000),
});
export const pushFrontLogsResponseSchema = z.object({
  recus: z.number().int(),
  doublons: z.number().int(),
  rejetes: z.array(z.object({ id: z.string(), message: z.string() })),
});

/**
 * Limits of one `POST /api/synchro/controle` (docs/architecture.md §5 Limits). A day of work (8
 * controls, each with its report and signatures) fits in one request; the device splits a larger
 * backlog into requests under all three, so any backlog syncs.
 */
export const LIMITES_PUSH = {
  /** Whole request body, files and `data` together. */
  octets: 50_000_000,
  /** File parts in one request. */
  fichiers: 60,
  /** The `data` part (JSON of the controls). */
  octetsData: 10_000_000,
} as const;
export const MESSAGE_PUSH_TROP_VOLUMINEUX =
  'Requête trop volumineuse : la synchronisation doit être envoyée en plusieurs fois';
export const MESSAGE_PUSH_TROP_DE_FICHIERS = `Trop de fichiers dans une même requête (${String(LIMITES_PUSH.fichiers)} au plus)`;

/**
 * `POST /api/synchro/numeros-rapport`: report numbers reserved for this device under the active
 * right's ODG (docs/architecture.md §5 'Report numbers'). The device asks for what it lacks to hold
 * a block.
 */
export const RESERVE_NUMEROS_RAPPORT = 20;
export const reserveNumerosRequestSchema = z.object({
  nombre: z.number().int().min(1).max(RESERVE_NUMEROS_RAPPORT),
});
export type ReserveNumerosRequest = z.infer<typeof reserveNumerosRequestSchema>;
export const reserveNumerosResponseSchema = z.object({
  odgId: z.string(),
  numeros: z.array(z.string()),
});
export type ReserveNumerosResponse = z.infer<typeof reserveNumerosResponseSchema>;
