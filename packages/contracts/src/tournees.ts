import { z } from 'zod';
import {
  NIVEAUX_CONTROLE,
  RESULTATS_CONTROLE,
  RESULTATS_ENVOI,
  STATUTS_CONTROLE,
  STATUTS_TOURNEE,
} from '@estive/domain';
import { pageQuerySchema, pageSchema, pageTriQuerySchema } from './paging';
import { idSchema, texteSaisi } from './texte';
import { operateurCourtSchema } from './operateur-court';

/*
 * The rounds area (spec part 1 §2 'Programming dashboard', 'Round creation wizard', 'Round detail',
 * §3 'Round', §7 calls). Ids travel as decimal strings (docs/architecture.md §3).
 */

/** A real calendar day (not '2026-02-30', which PostgreSQL refuses), years 1900–2999. */
const jourExiste = (s: string) => {
  const [a, m, j] = s.slice(0, 10).split('-').map(Number);
  if (a === undefined || m === undefined || j === undefined || a < 1900 || a > 2999) return false;
  const d = new Date(Date.UTC(a, m - 1, j));
  return d.getUTCFullYear() === a && d.getUTCMonth() === m - 1 && d.getUTCDate() === j;
};

/** A calendar day, 'yyyy-mm-dd'. */
export const jourSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide')
  .refine(jourExiste, 'Date invalide');

/**
 * A control's date as the wizard sends it: a day ('yyyy-mm-dd') or a day and time (ISO 8601 with
 * an offset, or local 'yyyy-mm-ddThh:mm', taken in Europe/Paris). The Sunday rule is judged on
 * the day in Europe/Paris.
 */
export const dateControleSchema = z
  .string()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?)?$/,
    'Date invalide',
  )
  .refine(jourExiste, 'Date invalide');

const statutsTourneeQuery = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : v),
  z.array(z.enum(STATUTS_TOURNEE)).max(STATUTS_TOURNEE.length),
);

/** Statuses the list shows when the query names none (spec part 1 §4 'Round status'). */
export const STATUTS_TOURNEE_LISTE_DEFAUT = [
  'PREPARATION',
  'ATTENTE_SYNCHRO',
  'SYNCHRONISE',
] as const;
/** Statuses the light list shows when the query names none. */
export const STATUTS_TOURNEE_LIGHT_DEFAUT = ['PREPARATION'] as const;

/**
 * `GET /api/tournee` and `GET /api/tournee/dashboard`: the rounds of the perimeter. `controleur`
 * matches the controller's name, first name or login; `periodeFrom`/`periodeTo` keep the rounds
 * overlapping the period; `statut` repeated or comma-separated (default: the three open statuses).
 * Sortable: debut, fin, statut, controleur.
 */
export const tourneeListeQuerySchema = pageTriQuerySchema.extend({
  controleur: texteSaisi(200).optional(),
  statut: statutsTourneeQuery.optional(),
  periodeFrom: jourSchema.optional(),
  periodeTo: jourSchema.optional(),
  campagneId: idSchema.optional(),
});
export type TourneeListeQuery = z.infer<typeof tourneeListeQuerySchema>;

/** `GET /api/tournee/light`: id and a few words per round (default statut PREPARATION). */
export const tourneeLightQuerySchema = pageQuerySchema.extend({
  statut: statutsTourneeQuery.optional(),
});
export type TourneeLightQuery = z.infer<typeof tourneeLightQuerySchema>;

const refLibelle = z.object({ id: z.string(), libelle: z.string() });
const fichierRefSchema = z.object({ id: z.string(), fileName: z.string() });
const controleurRefSchema = z.object({ id: z.string(), nom: z.string(), prenom: z.string() });

/** A control of a round (spec part 1 §3 'Control', the fields the rounds area reads). */
export const controleTourneeSchema = z.object({
  id: z.string(),
  personneMoraleId: z.string(),
  date: z.string(),
  aopIgp: refLibelle,
  sites: z.array(refLibelle),
  niveau: z.enum(NIVEAUX_CONTROLE),
  statut: z.enum(STATUTS_CONTROLE),
  resultat: z.enum(RESULTATS_CONTROLE).nullable(),
  activiteAopIgpIds: z.array(z.string()),
  activites: z.array(refLibelle),
  fichierIds: z.array(z.string()),
  /** Why the controller (or the office) cancelled it: set when `statut` is ANNULE. */
  raisonAbandon: z.string().nullable(),
  /** Its controller: the round's, unless the office gave this control to another one. */
  controleurId: z.string().nullable(),
  controleurDenomination: z.string().nullable(),
});
export type ControleTournee = z.infer<typeof controleTourneeSchema>;

/** One appellation of an operator's controls as the wizard sends it (spec part 1 §3 payload). */
export const appellationControleSchema = z.object({
  aopId: idSchema,
  siteIds: z.array(idSchema).max(100),
  niveau: z.enum(NIVEAUX_CONTROLE).nullable(),
  activiteAopIgpIds: z.array(idSchema).max(100),
  fichierIds: z.array(idSchema).max(100),
});
export type AppellationControle = z.infer<typeof appellationControleSchema>;

/**
 * Round control payload per operator (spec part 1 §3). `ajoute` requires it complete and answers
 * 400 with the spec's field names (part 1 §5): `date[{personneMoraleId}]`, `controles[i].siteId`,
 * `controles[i].niveau`, `controles[i].activiteAopIgpIds`, `controles[i].documents`.
 * `sauvegarde` keeps it as it is (an unvalidated card may be incomplete).
 */
export const operateurControlesSchema = z.object({
  personneMoraleId: idSchema,
  date: dateControleSchema.nullable(),
  controles: z.array(appellationControleSchema).max(50),
});
export type OperateurControles = z.infer<typeof operateurControlesSchema>;

/** The spec's field-error names of a round control (part 1 §5), built in one place. */
export const champsControleTournee = {
  date: (personneMoraleId: string) => `date[${personneMoraleId}]`,
  siteId: (i: number) => `controles[${i}].siteId`,
  niveau: (i: number) => `controles[${i}].niveau`,
  activiteAopIgpIds: (i: number) => `controles[${i}].activiteAopIgpIds`,
  documents: (i: number) => `controles[${i}].documents`,
  aopId: (i: number) => `controles[${i}].aopId`,
  controles: 'controles',
} as const;

/** A status move of a round, recorded with who made it (null: the server itself) and when. */
export const tourneeEvenementSchema = z.object({
  statut: z.enum(STATUTS_TOURNEE),
  le: z.string(),
  par: z.string().nullable(),
});

/** An operator of a round: a validated card holds controls; an unvalidated one its saved draft. */
export const tourneeOperateurSchema = z.object({
  operateur: operateurCourtSchema,
  valide: z.boolean(),
  /** The card's day and time: its controls' date, or the draft's. */
  date: z.string().nullable(),
  avisPassage: fichierRefSchema.nullable(),
  controles: z.array(controleTourneeSchema),
  /** The unvalidated card as last saved ('Sauvegarder'); null once validated. */
  brouillon: operateurControlesSchema.nullable(),
});
export type TourneeOperateur = z.infer<typeof tourneeOperateurSchema>;

/** A round (spec part 1 §3 'Round'). */
export const tourneeSchema = z.object({
  id: z.string(),
  debut: z.string(),
  fin: z.string(),
  statut: z.enum(STATUTS_TOURNEE),
  campagne: refLibelle.nullable(),
  controleur: controleurRefSchema.nullable(),
  controleurId: z.string().nullable(),
  controleurDenomination: z.string().nullable(),
  odgId: z.string(),
  planning: fichierRefSchema.nullable(),
  nbOperateurs: z.number().int(),
  operateurs: z.array(tourneeOperateurSchema),
  historique: z.array(tourneeEvenementSchema),
});
export type Tournee = z.infer<typeof tourneeSchema>;

/** A row of `GET /api/tournee` (no operators: the list stays light). */
export const tourneeLigneSchema = tourneeSchema.omit({ operateurs: true, historique: true });
export type TourneeLigne = z.infer<typeof tourneeLigneSchema>;
export const tourneePageSchema = pageSchema(tourneeLigneSchema);

/** A sub-row of the programming dashboard (spec part 1 §2: raison sociale, AOP-IGP, date, site, niveau, activités). */
export const tourneeDashboardControleSchema = z.object({
  id: z.string(),
  personneMoraleId: z.string(),
  raisonSociale: z.string(),
  aopIgp: refLibelle,
  date: z.string(),
  sites: z.array(refLibelle),
  niveau: z.enum(NIVEAUX_CONTROLE),
  activites: z.array(refLibelle),
  statut: z.enum(STATUTS_CONTROLE),
  raisonAbandon: z.string().nullable(),
});
export const tourneeDashboardLigneSchema = tourneeLigneSchema.extend({
  controles: z.array(tourneeDashboardControleSchema),
});
export type TourneeDashboardLigne = z.infer<typeof tourneeDashboardLigneSchema>;
export const tourneeDashboardPageSchema = pageSchema(tourneeDashboardLigneSchema);

export const tourneeLightSchema = z.object({
  id: z.string(),
  debut: z.string(),
  fin: z.string(),
  statut: z.enum(STATUTS_TOURNEE),
  controleurDenomination: z.string().nullable(),
  nbOperateurs: z.number().int(),
});
export const tourneeLightPageSchema = pageSchema(tourneeLightSchema);

/** `POST /api/tournee/initialise` and `PUT /api/tournee/{id}/modifie`. */
export const tourneeControleurRequestSchema = z.object({ controleurId: idSchema });
export type TourneeControleurRequest = z.infer<typeof tourneeControleurRequestSchema>;
export const tourneeIdResponseSchema = z.object({ id: z.string() });

/**
 * `POST /api/tournee/creation-rapide`: a round for one or several operators at once, their
 * controls complete (validated as `ajoute`), left in PREPARATION for a last look.
 */
export const tourneeCreationRapideRequestSchema = z.object({
  controleurId: idSchema,
  operateurControles: z.array(operateurControlesSchema).min(1).max(200),
});
export type TourneeCreationRapideRequest = z.infer<typeof tourneeCreationRapideRequestSchema>;

/** `POST /api/tournee/{id}/ajoute`: adds, or replaces, one operator's controls. */
export const tourneeAjouteRequestSchema = operateurControlesSchema;
export type TourneeAjouteRequest = z.infer<typeof tourneeAjouteRequestSchema>;

/**
 * `POST /api/tournee/{id}/ajoute-lot`: the cards of step 2 sent at once (issue 32 item 6), written
 * in one transaction: all created, or none and every card's field errors, named
 * `operateurControles[k].controles[i].siteId` (the date keeps the spec's `date[{operatorId}]`).
 */
export const tourneeAjouteLotRequestSchema = z.object({
  operateurControles: z.array(operateurControlesSchema).min(1).max(200),
});
export type TourneeAjouteLotRequest = z.infer<typeof tourneeAjouteLotRequestSchema>;

/**
 * `GET /api/tournee/{id}/visites-controleur`: the programmed visits of the round's controller (or
 * of the one named) outside this round, from today, so the office sees two visits at the same
 * hour (issue 32 item 4). A visit for another ODG is shown without its operator.
 */
export const visitesControleurQuerySchema = z.object({ controleurId: idSchema.optional() });
export type VisitesControleurQuery = z.infer<typeof visitesControleurQuerySchema>;
export const visiteControleurSchema = z.object({
  controleId: z.string(),
  tourneeId: z.string().nullable(),
  /** Null for another ODG's visit: its operator is outside the perimeter. */
  personneMoraleId: z.string().nullable(),
  raisonSociale: z.string().nullable(),
  date: z.string(),
});
export type VisiteControleur = z.infer<typeof visiteControleurSchema>;
export const visitesControleurSchema = z.object({ visites: z.array(visiteControleurSchema) });

/** `POST /api/tournee/{id}/supprime`: deletes controls of the round by id. */
export const tourneeSupprimeRequestSchema = z.object({
  controleIds: z.array(idSchema).min(1).max(500),
});
export type TourneeSupprimeRequest = z.infer<typeof tourneeSupprimeRequestSchema>;

/**
 * `PUT /api/tournee/{id}/sauvegarde`: the basket's operators (they are put back in the perimeter's
 * basket) and every unvalidated card as it stands; unvalidated cards left out leave the round.
 */
export const tourneeSauvegardeRequestSchema = z.object({
  panierOperateurIds: z.array(idSchema).max(2000),
  operateurControles: z.array(operateurControlesSchema).max(500),
});
export type TourneeSauvegardeRequest = z.infer<typeof tourneeSauvegardeRequestSchema>;

/** `GET /api/personne-physique/controleur`: the controllers of the perimeter (spec part 1 §7). */
/** `POST /api/mail/avis-de-passage/:controleId`: sent, or written to the mail log. */
export const avisPassageReponseSchema = z.object({
  // A failed sending is an error answer, never this one.
  resultat: z.enum(RESULTATS_ENVOI).exclude(['ECHEC']),
  message: z.string(),
});
export const controleurQuerySchema = pageTriQuerySchema.extend({
  nom: texteSaisi(200).optional(),
  prenom: texteSaisi(200).optional(),
  mail: texteSaisi(200).optional(),
  telephone: texteSaisi(40).optional(),
  raisonSociale: texteSaisi(200).optional(),
  siret: texteSaisi(40).optional(),
});
export type ControleurQuery = z.infer<typeof controleurQuerySchema>;

/** A controller (spec part 1 §3 'Controller (person)'); `id` is the one a round's controleurId takes. */
export const controleurSchema = z.object({
  id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  mail: z.string().nullable(),
  telephone: z.string().nullable(),
  personneMorale: z.object({ raisonSociale: z.string(), siret: z.string().nullable() }).nullable(),
});
export type Controleur = z.infer<typeof controleurSchema>;
export const controleurPageSchema = pageSchema(controleurSchema);
export type ControleurPage = z.infer<typeof controleurPageSchema>;
export type TourneePage = z.infer<typeof tourneePageSchema>;
export type TourneeDashboardPage = z.infer<typeof tourneeDashboardPageSchema>;
export type TourneeLight = z.infer<typeof tourneeLightSchema>;
export type TourneeLightPage = z.infer<typeof tourneeLightPageSchema>;
